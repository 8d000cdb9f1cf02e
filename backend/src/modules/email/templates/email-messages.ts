import type { TNotification, TRoundMinutes, TWorkStatus } from '@v2mom/contracts';

/**
 * What each email says, as data: the jobs pass these and the templates do the words
 * (docs/PRODUCT.md#email). Days are calendar days in the company's time zone, `YYYY-MM-DD`.
 */

interface V2momRef {
  id: number;
  title: string;
}

export interface CheckInReminderData {
  /** The person's methods that need a check-in this period. */
  methods: Array<{ id: number; name: string; v2mom: V2momRef; lastCheckIn: string | null }>;
}

export interface StaleMethod {
  id: number;
  name: string;
  owner: string | null;
  /** The day of its last check-in (or of its creation, never checked in). */
  staleSince: string;
}

export interface StaleMethodsData {
  /** The department V2MOM whose owner is told. */
  v2mom: V2momRef;
  methods: StaleMethod[];
}

export interface MeetingDigestData {
  meetingDay: string;
  /** The meeting brief, in markdown (docs/PRODUCT.md#meeting-brief). */
  brief: string;
  /** Methods checked in this period, of all the methods that count. */
  checkedIn: { count: number; of: number };
  /** Methods whose status turned to one that needs attention this period. */
  statusChanges: Array<{ id: number; name: string; owner: string | null; to: TWorkStatus }>;
  stale: StaleMethod[];
  newObstacles: Array<{ id: number; description: string; v2mom: V2momRef }>;
  /** Progress in percent, before and now. */
  biggestMovers: Array<{ id: number; name: string; from: number; to: number }>;
}

export interface WeeklyDigestData {
  /** The first day of the week it covers. */
  weekOf: string;
  /** The person's notifications of the week, newest first, as the notification centre reads them. */
  notifications: TNotification[];
}

export interface WebhookDisabledData {
  webhook: { url: string; description: string };
  /** What the last attempt met: an answer's status and text, or why there was none. */
  lastError: string | null;
}

/** An email's kind with its data. */
export type EmailContent =
  | { kind: 'check_in_reminder'; data: CheckInReminderData }
  | { kind: 'method_stale'; data: StaleMethodsData }
  | { kind: 'meeting_digest'; data: MeetingDigestData }
  | { kind: 'round_minutes'; data: TRoundMinutes }
  | { kind: 'weekly_digest'; data: WeeklyDigestData }
  | { kind: 'webhook_disabled'; data: WebhookDisabledData };

/** The person an email goes to. */
export interface EmailRecipient {
  userId: number;
  name: string;
  address: string;
}

/** What a job queues: one email to one person, once per idempotency key. */
export type EmailMessage = EmailContent & {
  /**
   * Names the message for good: queued again under the same key, nothing changes. Build it from
   * what makes the email one, e.g. `check_in_reminder:{userId}:{day}`.
   */
  idempotencyKey: string;
  to: EmailRecipient;
  /** Not before then (a digest ready the evening before); now when absent. */
  sendAfter?: Date;
};

/** A rendered email: what the outbox keeps and the SMTP server receives. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

