import type { EntityManager } from '@mikro-orm/core';
import type { TChatPostEvent, TChatPostKind } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import type { ChatMessage } from './chat-messages.js';
import { ChatPost } from './chat-post.entity.js';
import { now } from '../../server-clock.js';

/** A message for the company's channels (`departmentId` null) or for one department's. */
export interface ScopedMessage {
  departmentId: number | null;
  message: ChatMessage;
}

/** Channels that want `event`, by scope ('company' or the department's id): one statement. */
async function channelsWanting(em: EntityManager, event: TChatPostKind): Promise<Map<number | 'company', number[]>> {
  const rows = await selectRows(em, (db) => db.selectFrom('chat_channel').select(['id', 'department_id', 'posts']).orderBy('id'));
  const byScope = new Map<number | 'company', number[]>();
  for (const row of rows) {
    if (!row.posts.includes(event)) continue;
    const scope = row.department_id ?? 'company';
    byScope.set(scope, [...(byScope.get(scope) ?? []), row.id]);
  }
  return byScope;
}

/** A post of each message to `channelIds`, due now, in the caller's transaction; answers how many. */
export async function queueChatPostsTo(em: EntityManager, event: TChatPostEvent, posts: ReadonlyArray<{ channelIds: readonly number[]; message: ChatMessage }>): Promise<number> {
  const at = now();
  const rows = posts.flatMap(({ channelIds, message }) =>
    channelIds.map((channel) => ({ channel, event, message, status: 'waiting' as const, attempts: 0, nextAttemptAt: at, createdAt: at })),
  );
  if (rows.length === 0) return 0;
  await em.insertMany(ChatPost, rows);
  return rows.length;
}

/**
 * Each message to the channels of its scope that want `event` (docs/PRODUCT.md#slack-and-teams),
 * in the caller's transaction: what is rolled back posts nothing. Answers how many posts it wrote.
 */
export async function queueChatPosts(em: EntityManager, event: TChatPostKind, messages: readonly ScopedMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const channels = await channelsWanting(em, event);
  if (channels.size === 0) return 0;
  return queueChatPostsTo(
    em,
    event,
    messages.map(({ departmentId, message }) => ({ channelIds: channels.get(departmentId ?? 'company') ?? [], message })),
  );
}
