import type { EntityManager, MikroORM } from '@mikro-orm/core';
import type { TChatKind } from '@v2mom/contracts';
import { writeRows } from '../read-db.js';
import { type Answer, ATTEMPT_TIMEOUT_MS, attemptOutcome, CLAIM_MS, postJson } from '../webhooks/outbound-post.js';
import { chatPayload, type ChatMessage } from './chat-messages.js';
import { now as serverNow } from '../../server-clock.js';

/**
 * Posting (docs/PRODUCT.md#slack-and-teams), as webhooks deliver (modules/webhooks/deliver-webhooks.ts):
 * the job queue calls `deliverDueChatPosts` when a committed write queued posts and every minute.
 * Each call claims due posts with one statement (FOR UPDATE SKIP LOCKED), each until a time no
 * other deliverer takes it before, so servers sharing the database never send one post twice at once.
 */

/** What one call claims at most; the rest waits for the next, which the job asks for at once. */
const BATCH_SIZE = 50;

export interface ChatDeliveryOptions {
  orm: MikroORM;
  allowPrivate: boolean;
  /** The app's public address, which every link of a post starts with. */
  appUrl: string;
  now?: () => Date;
  timeoutMs?: number;
}

export interface ChatDeliveryReport {
  delivered: number;
  failed: number;
  more: boolean;
}

interface ClaimedPost {
  id: number;
  attempts: number;
  message: unknown;
  url: string;
  kind: TChatKind;
}

async function claim(em: EntityManager, now: Date): Promise<ClaimedPost[]> {
  const rows = await writeRows(em, (db) =>
    db
      .with('claimable', () =>
        db
          .selectFrom('chat_post as p')
          .select('p.id')
          .where('p.status', 'in', ['waiting', 'retrying'])
          .where('p.next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('p.claimed_until', 'is', null), eb('p.claimed_until', '<', now)]))
          .orderBy('p.next_attempt_at')
          .orderBy('p.id')
          .limit(BATCH_SIZE)
          .forUpdate('p')
          .skipLocked(),
      )
      .updateTable('chat_post as p')
      .from(['claimable', 'chat_channel as c'])
      .set((eb) => ({ claimed_until: new Date(now.getTime() + CLAIM_MS), attempts: eb('p.attempts', '+', 1), last_attempt_at: now }))
      .whereRef('p.id', '=', 'claimable.id')
      .whereRef('c.id', '=', 'p.channel_id')
      .returning(['p.id', 'p.attempts', 'p.message', 'c.url', 'c.kind']),
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** Sends what is due: one claimed batch, its posts side by side. */
export async function deliverDueChatPosts(options: ChatDeliveryOptions): Promise<ChatDeliveryReport> {
  const now = options.now ?? serverNow;
  // Statements of their own, each committed at once: a claim must be seen by other deliverers.
  const em = options.orm.em.fork();
  const claimed = await claim(em, now());
  const send = (post: ClaimedPost): Promise<Answer> =>
    postJson(post.url, JSON.stringify(chatPayload(post.kind, post.message as ChatMessage, options.appUrl)), { 'user-agent': 'V2MOM-Tracker' }, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs ?? ATTEMPT_TIMEOUT_MS,
    });
  const outcomes = await Promise.all(
    claimed.map(async (post) => {
      const outcome = attemptOutcome(await send(post), post.attempts, now());
      await writeRows(em, (db) => db.updateTable('chat_post').set(outcome).where('id', '=', post.id));
      return outcome.status;
    }),
  );
  return {
    delivered: outcomes.filter((status) => status === 'delivered').length,
    failed: outcomes.filter((status) => status !== 'delivered').length,
    more: claimed.length === BATCH_SIZE,
  };
}
