import { p } from '@mikro-orm/core';
import { WEBHOOK_DELIVERY_STATUSES } from '@v2mom/contracts';
import { now } from '../../server-clock.js';

/**
 * Columns of a message sent to another system (a webhook's delivery, a Slack or Teams post), as
 * the delivery jobs claim, attempt and retry it (outbound-post.ts).
 */
export const attemptProperties = {
  status: p.enum(WEBHOOK_DELIVERY_STATUSES).default('waiting'),
  attempts: p.integer().default(0),
  responseCode: p.integer().nullable(),
  lastError: p.text().nullable(),
  /** When it is due; null once delivered or given up. */
  nextAttemptAt: p.datetime().nullable(),
  /** A deliverer holds it until then; past it, a deliverer that died mid-send has let it go. */
  claimedUntil: p.datetime().nullable(),
  createdAt: p.datetime().onCreate(() => now()),
  lastAttemptAt: p.datetime().nullable(),
};
