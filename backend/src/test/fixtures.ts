import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { TApiTokenScope, TApprovalState } from '@v2mom/contracts';
// Loads the entities in their dependency order first: audit.properties and User import each other.
import '../modules/entities.js';
import { ChangeLog } from '../modules/change-log/change-log.entity.js';
import { selectRows } from '../modules/read-db.js';
import { loadEnv } from '../env.js';
import { emailSettingsFrom } from '../modules/email/email-settings.js';
import { queueEmails } from '../modules/email/queue-email.js';
import { Comment } from '../modules/comments/comment.entity.js';
import { Thread } from '../modules/comments/thread.entity.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { createSession, sessionHandle } from '../modules/auth/sessions.service.js';
import { Department } from '../modules/departments/department.entity.js';
import { Measure } from '../modules/measures/measure.entity.js';
import { Method } from '../modules/methods/method.entity.js';
import { Notification } from '../modules/notifications/notification.entity.js';
import { Obstacle } from '../modules/obstacles/obstacle.entity.js';
import { QuarterReview } from '../modules/quarter-reviews/quarter-review.entity.js';
import { Rhythm, RHYTHM_ID } from '../modules/rhythm/rhythm.entity.js';
import { FollowUp } from '../modules/rounds/follow-up.entity.js';
import { RoundParticipant } from '../modules/rounds/round-participant.entity.js';
import { Round } from '../modules/rounds/round.entity.js';
import { createRoomLink } from '../modules/rooms/room-links.service.js';
import { createApiToken } from '../modules/api-tokens/api-tokens.service.js';
import { createWebhook, sendTestWebhook } from '../modules/webhooks/webhooks.service.js';
import { createChatChannel } from '../modules/chat-channels/chat-channels.service.js';
import { Company, COMPANY_ID } from '../modules/company/company.entity.js';
import { Task } from '../modules/tasks/task.entity.js';
import { User } from '../modules/users/user.entity.js';
import { V2mom } from '../modules/v2moms/v2mom.entity.js';
import { Value } from '../modules/values/value.entity.js';
import { reminderFor } from './email-messages.js';
import { now } from '../server-clock.js';

/** A V2MOM with one child of each kind, made straight in the database for a test to act on. */
export interface V2momFixture {
  id: number;
  version: number;
  title: string;
  year: number;
  ownerId: number;
  value: { id: number; version: number; description: string };
  method: { id: number; version: number; description: string; ownerId: number };
  obstacle: { id: number; version: number; description: string };
  measure: { id: number; version: number; description: string };
}

interface TaskFixture {
  id: number;
  version: number;
  ownerId: number;
}

/** An address in a range kept for documentation: public, so accepted, and never looked up in DNS. */
export const PUBLIC_WEBHOOK_URL = 'https://203.0.113.10/hooks';

export interface Fixtures {
  userId(username: string): Promise<number>;
  /**
   * A fresh V2MOM owned by `owner`, with `children` values, methods (owned by `methodOwner`,
   * each linked to the previous one), obstacles and measures; the fixture names the first of each.
   */
  v2mom(owner: string, methodOwner?: string, children?: number): Promise<V2momFixture>;
  /** A person's V2MOM of `owner`'s, aligned to a fresh team's, its approval at `state` (docs/PRODUCT.md#approval). */
  personalV2mom(owner: string, state: TApprovalState): Promise<{ id: number; version: number }>;
  task(owner: string, methodId?: number): Promise<TaskFixture>;
  /** A user role account in an existing department, with an unusable password. */
  user(username: string, department?: string): Promise<number>;
  /** Sets an account's password, e.g. back to the demo one after a test changed it. */
  password(username: string, password: string): Promise<void>;
  /** An account as it is now, for a write that must send its version. */
  account(username: string): Promise<{ id: number; name: string; version: number }>;
  /** A fresh department nobody belongs to. */
  department(): Promise<{ id: number; name: string; version: number }>;
  /** The company's rhythm's version now, for a write that must send it. */
  rhythmVersion(): Promise<number>;
  /** The company row's version now, for a write that must send it. */
  companyVersion(): Promise<number>;
  /** A live meeting-room link to the COO View, made by admin, with its token. */
  roomLink(): Promise<{ id: number; token: string }>;
  /** A live personal access token of `owner` (read and write unless said), with its secret. */
  apiToken(owner: string, scope?: TApiTokenScope): Promise<{ id: number; secret: string }>;
  /** A webhook made by admin to a public address, with one test delivery waiting in its log. */
  webhook(): Promise<{ id: number; version: number; deliveryId: number }>;
  /** A company Slack channel made by admin to a public address; posts nothing until asked. */
  chatChannel(): Promise<{ id: number; version: number }>;
  /** A review of the method's Q2 of its V2MOM's year (docs/PRODUCT.md#quarter-review). */
  quarterReview(method: { id: number }): Promise<{ id: number; version: number }>;
  /** Another live session of the account, as another browser would hold it; answers its handle. */
  session(username: string, userAgent?: string): Promise<string>;
  /** The id of the V2MOM's latest logged change, which a seen mark names. */
  latestChange(v2momId: number): Promise<number>;
  /** A comment by `author` on the method's thread. */
  comment(author: string, method: { id: number; v2momId: number }): Promise<{ id: number; version: number }>;
  /** An unread notification for `recipient` about a task of theirs; answers its id. */
  notification(recipient: string): Promise<number>;
  /** A check-in reminder waiting in the outbox for `recipient`; answers its id. */
  outboxEmail(recipient: string): Promise<number>;
  /**
   * A check-in round by admin, any other ended first: at Marketing (member's department), where
   * member owns the method given back, with a department after it; `ended` ends it with its minutes.
   */
  round(options?: { ended?: boolean }): Promise<{ id: number; version: number; method: { id: number; version: number } }>;
  /** A follow-up of `owner`'s, not yet acknowledged. */
  followUp(owner: string): Promise<{ id: number; version: number }>;
}

/** Department names are unique in the database, and a test file may make several `fixtures()`. */
let departments = 0;

/** Writes through the ORM, not the API, so a test of an endpoint never depends on another. */
export function fixtures(orm: MikroORM): Fixtures {
  const ids = new Map<string, number>();
  async function userId(username: string): Promise<number> {
    const known = ids.get(username);
    if (known !== undefined) return known;
    const user = await orm.em.fork().findOneOrFail(User, { username });
    ids.set(username, user.id);
    return user.id;
  }
  let counter = 0;

  return {
    userId,
    async v2mom(owner, methodOwner = owner, children = 1) {
      const em = orm.em.fork();
      const label = `Fixture ${++counter}`;
      const v2mom = em.create(V2mom, {
        title: `${label} V2MOM`,
        year: 2026,
        quarter: 'q1',
        status: 'draft',
        vision: 'A fixture vision',
        overallProgress: 0,
        owner: em.getReference(User, await userId(owner)),
      });
      const methodOwnerRef = em.getReference(User, await userId(methodOwner));
      const values: Value[] = [];
      const methods: Method[] = [];
      const obstacles: Obstacle[] = [];
      const measures: Measure[] = [];
      for (let position = 0; position < children; position++) {
        const value = em.create(Value, { v2mom, description: `${label} value ${position}`, position });
        const method = em.create(Method, {
          v2mom,
          description: `${label} method ${position}`,
          owner: methodOwnerRef,
          position,
          progress: (position * 37) % 101,
          linkedMethod: methods.at(-1) ?? null,
        });
        method.linkedValues.set([value]);
        const obstacle = em.create(Obstacle, { v2mom, description: `${label} obstacle ${position}`, position, owner: v2mom.owner });
        obstacle.linkedMethods.set([method]);
        values.push(value);
        methods.push(method);
        obstacles.push(obstacle);
        measures.push(em.create(Measure, { v2mom, description: `${label} measure ${position}`, position }));
      }
      const [value, method, obstacle, measure] = [values[0], methods[0], obstacles[0], measures[0]];
      if (!value || !method || !obstacle || !measure) throw new Error('A V2MOM fixture needs at least one child of each kind');
      await em.flush();
      const pick = (row: { id: number; version: number; description: string }) => ({
        id: row.id,
        version: row.version,
        description: row.description,
      });
      return {
        id: v2mom.id,
        version: v2mom.version,
        title: v2mom.title,
        year: v2mom.year,
        ownerId: v2mom.owner.id,
        value: pick(value),
        method: { ...pick(method), ownerId: await userId(methodOwner) },
        obstacle: pick(obstacle),
        measure: pick(measure),
      };
    },
    async personalV2mom(owner, state) {
      const em = orm.em.fork();
      const label = `Fixture ${++counter}`;
      const team = em.create(Department, { name: `Fixture department ${++departments}` });
      const parent = em.create(V2mom, { title: `${label} team V2MOM`, year: 2026, quarter: 'q1', level: 'team', department: team, owner: em.getReference(User, await userId('admin')) });
      const v2mom = em.create(V2mom, { title: `${label} V2MOM`, year: 2026, quarter: 'q1', parent, owner: em.getReference(User, await userId(owner)), approval: state, approvalSubmittedAt: state === 'submitted' ? new Date('2026-06-01T09:00:00Z') : null });
      await em.flush();
      return { id: v2mom.id, version: v2mom.version };
    },
    async user(username, department = 'Marketing') {
      const em = orm.em.fork();
      const user = em.create(User, {
        username,
        name: `User ${username}`,
        department: await em.findOneOrFail(Department, { name: department }),
        role: 'user',
        capabilities: [],
        passwordHash: 'not-a-hash',
        avatarUrl: null,
      });
      await em.flush();
      ids.set(username, user.id);
      return user.id;
    },
    async password(username, password) {
      const em = orm.em.fork();
      const user = await em.findOneOrFail(User, { username });
      user.passwordHash = await hashPassword(password);
      await em.flush();
    },
    async account(username) {
      const { id, name, version } = await orm.em.fork().findOneOrFail(User, { username });
      return { id, name, version };
    },
    async department() {
      const em = orm.em.fork();
      const department = em.create(Department, { name: `Fixture department ${++departments}` });
      await em.flush();
      return { id: department.id, name: department.name, version: department.version };
    },
    async rhythmVersion() {
      return (await orm.em.fork().findOneOrFail(Rhythm, RHYTHM_ID)).version;
    },
    async companyVersion() {
      return (await orm.em.fork().findOneOrFail(Company, COMPANY_ID)).version;
    },
    async round({ ended = false } = {}) {
      const em = orm.em.fork();
      await em.nativeUpdate(Round, { status: 'active' }, { status: 'ended', endedAt: now() });
      const { method } = await this.v2mom('member');
      const admin = await em.findOneOrFail(User, await userId('admin'));
      const at = now();
      const round = em.create(Round, {
        year: 2026,
        quarter: 'q1',
        status: ended ? 'ended' : 'active',
        presenter: admin,
        presenterName: admin.name,
        startedAt: at,
        endedAt: ended ? at : null,
        departments: ['Marketing', 'Sales COE'],
        position: 0,
        minutes: null,
      });
      em.create(RoundParticipant, { round, position: 0, department: 'Marketing', user: em.getReference(User, await userId('member')), checkedInAt: null });
      await em.flush();
      if (ended) {
        round.minutes = { id: round.id, year: 2026, quarter: 'q1', presenter: { id: admin.id, name: admin.name }, startedAt: at.toISOString(), endedAt: at.toISOString(), checkedIn: [], pending: [], moved: [], followUps: [] };
        await em.flush();
      }
      return { id: round.id, version: round.version, method: { id: method.id, version: method.version } };
    },
    async followUp(owner) {
      const { id: roundId } = await this.round({ ended: true });
      const em = orm.em.fork();
      const at = now();
      const followUp = em.create(FollowUp, {
        round: em.getReference(Round, roundId),
        owner: em.getReference(User, await userId(owner)),
        method: null,
        description: `Fixture follow-up ${++counter}`,
        dueAt: at,
        createdAt: at,
        acknowledgedAt: null,
      });
      await em.flush();
      return { id: followUp.id, version: followUp.version };
    },
    async roomLink() {
      const em = orm.em.fork();
      const admin = await em.findOneOrFail(User, await userId('admin'));
      const { result } = await createRoomLink(em, admin, { label: `Fixture room ${++counter}`, screen: { kind: 'coo-view' }, days: 7 }, now());
      return { id: result.id, token: result.token };
    },
    async apiToken(owner, scope = 'read_write') {
      const em = orm.em.fork();
      const user = await em.findOneOrFail(User, await userId(owner), { populate: ['department'] });
      const token = await createApiToken(em, user, { name: `Fixture token ${++counter}`, scope, days: 7 }, now());
      return { id: token.id, secret: token.secret };
    },
    async webhook() {
      const em = orm.em.fork();
      const admin = await em.findOneOrFail(User, await userId('admin'));
      const webhook = await createWebhook(em, admin, { url: PUBLIC_WEBHOOK_URL, description: `Fixture webhook ${++counter}`, events: ['comment.posted'] }, { allowPrivate: false });
      const delivery = await sendTestWebhook(em, admin, webhook.id);
      return { id: webhook.id, version: webhook.version, deliveryId: delivery.id };
    },
    async chatChannel() {
      const em = orm.em.fork();
      const admin = await em.findOneOrFail(User, await userId('admin'), { populate: ['department'] });
      const channel = await createChatChannel(em, admin, { kind: 'slack', departmentId: null, url: PUBLIC_WEBHOOK_URL, posts: ['mentioned'] }, { allowPrivate: false });
      return { id: channel.id, version: channel.version };
    },
    async quarterReview({ id }) {
      const em = orm.em.fork();
      const method = await em.findOneOrFail(Method, id, { populate: ['v2mom', 'owner'] });
      const review = em.create(QuarterReview, {
        method,
        year: method.v2mom.getEntity().year,
        quarter: 'q2',
        result: 'met',
        reflection: 'A fixture reflection',
        progress: method.progress,
        status: method.status,
        reviewedBy: method.owner ?? null,
        reviewedAt: now(),
      });
      await em.flush();
      return { id: review.id, version: review.version };
    },
    async session(username, userAgent) {
      const em = orm.em.fork();
      const session = await createSession(em, await em.findOneOrFail(User, { username }), userAgent);
      return sessionHandle(session.id);
    },
    async latestChange(v2momId) {
      const change = await orm.em.fork().findOneOrFail(ChangeLog, { v2momId }, { orderBy: { id: 'desc' } });
      return change.id;
    },
    async task(owner, methodId) {
      const em = orm.em.fork();
      const task = em.create(Task, {
        title: `Fixture task ${++counter}`,
        description: 'A fixture task',
        owner: em.getReference(User, await userId(owner)),
        method: methodId === undefined ? null : em.getReference(Method, methodId),
      });
      await em.flush();
      return { id: task.id, version: task.version, ownerId: task.owner.id };
    },
    async comment(author, method) {
      const em = orm.em.fork();
      const thread = await em.upsert(
        Thread,
        { subject: 'method', subjectId: method.id, v2mom: method.v2momId, method: method.id },
        { onConflictFields: ['subject', 'subjectId'], onConflictAction: 'merge', onConflictMergeFields: ['subject'] },
      );
      const comment = em.create(Comment, { thread, author: em.getReference(User, await userId(author)), text: `Fixture comment ${++counter}` });
      await em.flush();
      return { id: comment.id, version: comment.version };
    },
    async notification(recipient) {
      const em = orm.em.fork();
      const { id: taskId } = await this.task(recipient);
      const notification = em.create(Notification, { recipient: await userId(recipient), kind: 'task_assigned', task: taskId });
      await em.flush();
      return notification.id;
    },
    async outboxEmail(recipient) {
      const em = orm.em.fork();
      const id = await userId(recipient);
      const [person] = await selectRows(em, (db) => db.selectFrom('user').select(['name', 'email']).where('id', '=', id));
      const [key] = await queueEmails(em, [reminderFor({ userId: id, name: person?.name ?? recipient, address: person?.email ?? `${recipient}@example.com` }, `fixture:${randomUUID()}`)], emailSettingsFrom(loadEnv({ NODE_ENV: 'test' })));
      const [row] = await selectRows(em, (db) => db.selectFrom('email_outbox').select('id').where('idempotency_key', '=', key ?? ''));
      return row?.id ?? 0;
    },
  };
}
