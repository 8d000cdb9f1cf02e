import { ref, type EntityManager } from '@mikro-orm/core';
import {
  canAdminister,
  canManageChatChannel,
  canManageSomeChatChannel,
  CHAT_POST_LOG_SIZE,
  CHAT_TEST_POST,
  chatChannelName,
  maskChatUrl,
  type TChatChannel,
  type TChatPost,
  type TCreateChatChannel,
  type TMessageResponse,
  type TUpdateChatChannel,
} from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../admin/audit.service.js';
import { Department } from '../departments/department.entity.js';
import { selectRows } from '../read-db.js';
import { actorOf, authorize, found } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import { checkWebhookUrl } from '../webhooks/webhook-address.js';
import { ChatChannel } from './chat-channel.entity.js';
import { ChatPost } from './chat-post.entity.js';
import { testPost } from './chat-post-texts.js';
import { queueChatPostsTo } from './queue-chat-posts.js';
import { now } from '../../server-clock.js';
import type { Caller } from '../auth/signed-in-user.js';

/** Slack and Teams channels (docs/PRODUCT.md#slack-and-teams): who manages them, and how; every change is audited. */

/** What the service needs of the server's settings. */
export interface ChatChannelSettings {
  allowPrivate: boolean;
}

const CHAT_FORBIDDEN = {
  any: 'Only people with the settings capability, or manage_structure for their department, can manage Slack and Teams channels',
  company: "Only people with the settings capability can manage the company's Slack and Teams channels",
  department: (name: string) => `Only people with the settings capability, or manage_structure in ${name}, can manage its Slack and Teams channels`,
};

function postDto(post: ChatPost): TChatPost {
  return {
    id: post.id,
    event: post.event,
    status: post.status,
    createdAt: post.createdAt.toISOString(),
    lastAttemptAt: post.lastAttemptAt?.toISOString() ?? null,
    responseCode: post.responseCode ?? null,
    attempts: post.attempts,
    lastError: post.lastError ?? null,
  };
}

function toDto(channel: ChatChannel, lastPost: ChatPost | undefined): TChatChannel {
  const department = channel.department?.getEntity();
  const creator = channel.createdBy?.getEntity();
  return {
    id: channel.id,
    kind: channel.kind,
    department: department ? { id: department.id, name: department.name } : null,
    maskedUrl: maskChatUrl(channel.url),
    posts: channel.posts,
    createdAt: channel.createdAt.toISOString(),
    createdBy: creator ? userRef(creator) : null,
    lastPost: lastPost ? postDto(lastPost) : null,
    version: channel.version,
  };
}

/** How the audit log names a channel: never its URL, a secret, but its masked form. */
function subjectOf(channel: ChatChannel): string {
  const department = channel.department?.getEntity();
  return `${chatChannelName({ kind: channel.kind, department: department ?? null })} (${maskChatUrl(channel.url)})`;
}

/** What the audit log keeps of a channel's settings, before and after a change. */
const auditedFields = (channel: ChatChannel) => ({ url: maskChatUrl(channel.url), posts: channel.posts });

/** The latest post of each channel: two statements, whatever their number. */
async function lastPosts(em: EntityManager, channelIds: readonly number[]): Promise<Map<number, ChatPost>> {
  if (channelIds.length === 0) return new Map();
  const latest = await selectRows(em, (db) =>
    db.selectFrom('chat_post').select((eb) => eb.fn.max('id').as('id')).where('channel_id', 'in', [...channelIds]).groupBy('channel_id'),
  );
  const posts = await em.find(ChatPost, { id: { $in: latest.map((row) => row.id) } });
  return new Map(posts.map((post) => [post.channel.id, post]));
}

async function dtoOf(em: EntityManager, channel: ChatChannel): Promise<TChatChannel> {
  return toDto(channel, (await lastPosts(em, [channel.id])).get(channel.id));
}

/** 403 unless `user` may manage the channels of `department` (null: the company's). */
function authorizeScope(user: Caller, department: Department | null): void {
  authorize(canManageChatChannel(actorOf(user), { departmentName: department?.name ?? null }), department ? CHAT_FORBIDDEN.department(department.name) : CHAT_FORBIDDEN.company);
}

/** A channel the caller may manage; 404 for none, 403 for another department's. */
async function managedChannel(em: EntityManager, user: Caller, id: number): Promise<ChatChannel> {
  const channel = found(await em.findOne(ChatChannel, id, { populate: ['department', 'createdBy'] }), 'Channel');
  authorizeScope(user, channel.department?.getEntity() ?? null);
  return channel;
}

/** GET /api/chat-channels: what the caller may manage, the company's first, then by department and age. */
export async function listChatChannels(em: EntityManager, user: Caller): Promise<TChatChannel[]> {
  const actor = actorOf(user);
  authorize(canManageSomeChatChannel(actor), CHAT_FORBIDDEN.any);
  const where = canAdminister(actor) ? {} : { department: user.department.id };
  const channels = await em.find(ChatChannel, where, { populate: ['department', 'createdBy'], orderBy: { department: { name: 'asc' }, id: 'asc' } });
  const ordered = [...channels.filter((channel) => !channel.department), ...channels.filter((channel) => channel.department)];
  const latest = await lastPosts(em, ordered.map((channel) => channel.id));
  return ordered.map((channel) => toDto(channel, latest.get(channel.id)));
}

/** POST /api/chat-channels: a URL that may be reached, for a scope the caller manages. */
export async function createChatChannel(em: EntityManager, user: User, input: TCreateChatChannel, settings: ChatChannelSettings): Promise<TChatChannel> {
  const department = input.departmentId === null ? null : found(await em.findOne(Department, input.departmentId), 'Department');
  authorizeScope(user, department);
  await checkWebhookUrl(input.url, settings.allowPrivate);
  return em.transactional(async (tx) => {
    const channel = tx.create(ChatChannel, {
      kind: input.kind,
      department: department ? ref(department) : null,
      url: input.url,
      posts: [...new Set(input.posts)],
      createdAt: now(),
      createdBy: ref(user),
    });
    recordAudit(tx, { action: 'chat_channel.created', actor: user, subject: subjectOf(channel), after: auditedFields(channel) });
    await tx.flush();
    return toDto(channel, undefined);
  });
}

/** PATCH /api/chat-channels/{id}: a new URL or other posts, on the version read (409 otherwise). */
export async function updateChatChannel(em: EntityManager, user: User, id: number, { version, ...input }: TUpdateChatChannel, settings: ChatChannelSettings): Promise<TChatChannel> {
  await managedChannel(em.fork(), user, id);
  if (input.url !== undefined) await checkWebhookUrl(input.url, settings.allowPrivate);
  return em.transactional(async (tx) => {
    const channel = await managedChannel(tx, user, id);
    if (channel.version !== version) throw new AppError('conflict', 'This channel was changed since you opened it: reload and try again');
    const before = auditedFields(channel);
    if (input.url !== undefined) channel.url = input.url;
    if (input.posts !== undefined) channel.posts = [...new Set(input.posts)];
    recordAudit(tx, { action: 'chat_channel.updated', actor: user, subject: subjectOf(channel), before, after: auditedFields(channel) });
    await tx.flush();
    return dtoOf(tx, channel);
  });
}

/** DELETE /api/chat-channels/{id}: its posts go with it. */
export async function deleteChatChannel(em: EntityManager, user: User, id: number): Promise<TMessageResponse> {
  return em.transactional(async (tx) => {
    const channel = await managedChannel(tx, user, id);
    recordAudit(tx, { action: 'chat_channel.deleted', actor: user, subject: subjectOf(channel), before: auditedFields(channel) });
    tx.remove(channel);
    await tx.flush();
    return { message: 'Channel removed' };
  });
}

/** GET /api/chat-channels/{id}/posts: the latest, newest first. */
export async function listChatPosts(em: EntityManager, user: Caller, id: number): Promise<TChatPost[]> {
  await managedChannel(em, user, id);
  const posts = await em.find(ChatPost, { channel: id }, { orderBy: { id: 'desc' }, limit: CHAT_POST_LOG_SIZE });
  return posts.map(postDto);
}

/** POST /api/chat-channels/{id}/test: a test post, due now, whatever the channel wants. */
export async function sendTestChatPost(em: EntityManager, user: User, id: number): Promise<TChatPost> {
  return em.transactional(async (tx) => {
    const channel = await managedChannel(tx, user, id);
    recordAudit(tx, { action: 'chat_channel.tested', actor: user, subject: subjectOf(channel) });
    await queueChatPostsTo(tx, CHAT_TEST_POST, [{ channelIds: [channel.id], message: testPost({ department: channel.department?.getEntity().name ?? null }) }]);
    const [post] = await tx.find(ChatPost, { channel: channel.id }, { orderBy: { id: 'desc' }, limit: 1 });
    return postDto(found(post, 'Post'));
  });
}
