// The outbox's words: apart from the schemas, so screens can name a status without zod.
import type { TEmailKind } from '../notifications/notification.kinds.js';

/**
 * Where a message of the outbox stands (docs/PRODUCT.md#email): waiting for its first try (or for an
 * SMTP server to be set), failed and waiting for its next try, sent, given up after the last try,
 * or not sent because its person was deactivated or turned that email off since it was queued.
 */
export const OUTBOX_STATUSES = ['waiting', 'retrying', 'sent', 'gave_up', 'skipped'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Record<TOutboxStatus, string> = {
  waiting: 'Waiting',
  retrying: 'Will retry',
  sent: 'Sent',
  gave_up: 'Gave up',
  skipped: 'Not sent',
};

/** A page of the outbox on the Email tab. */
export const OUTBOX_PAGE_SIZE = { default: 50, max: 100 } as const;

/** How a message still waiting reads while no SMTP server is set. */
export const NO_SMTP_SERVER = 'No SMTP server is set (SMTP_URL): the message waits here';

/** How the outbox names each kind of email. */
export const EMAIL_KIND_LABELS: Record<TEmailKind, string> = {
  check_in_reminder: 'Check-in reminder',
  method_stale: 'Stale methods',
  meeting_digest: 'Meeting digest',
  round_minutes: 'Check-in round minutes',
  weekly_digest: 'Weekly digest',
  webhook_disabled: 'Webhook turned off',
};
