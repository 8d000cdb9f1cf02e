import { z } from 'zod';
import { cursorParam, pageLimitParam } from '../common/cursor.js';
import { ZIdSchema, ZIsoDateTimeSchema } from '../common/fields.schemas.js';
import { EMAIL_KINDS } from '../notifications/notification.kinds.js';
import { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES } from './email.outbox.js';

export const ZEmailKindSchema = z.enum(EMAIL_KINDS);
export const ZOutboxStatusSchema = z.enum(OUTBOX_STATUSES);

/** The SMTP server as the Email tab shows it: never its password. */
export const ZSmtpStatusSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    /** `smtp://mail.example.com:587`, without the user and password. */
    server: z.string(),
    reachable: z.boolean(),
    /** Why it could not be reached or refused the sign-in, as the server said. */
    error: z.string().nullable(),
    checkedAt: ZIsoDateTimeSchema,
  }),
]);

/** GET /api/email/status: how email goes out, and how many messages stand where. */
export const ZEmailStatusSchema = z.object({
  smtp: ZSmtpStatusSchema,
  from: z.string(),
  ratePerSecond: z.number().int().positive(),
  counts: z.object(Object.fromEntries(OUTBOX_STATUSES.map((status) => [status, z.number().int().nonnegative()])) as Record<(typeof OUTBOX_STATUSES)[number], z.ZodNumber>),
});
export type TEmailStatus = z.infer<typeof ZEmailStatusSchema>;

/** One message of the outbox, as the list shows it. */
export const ZOutboxEntrySchema = z.object({
  id: ZIdSchema,
  kind: ZEmailKindSchema,
  /** The person it is for (null once their account is deleted) and the address it goes to. */
  recipient: z.object({ id: ZIdSchema.nullable(), name: z.string().nullable(), address: z.string() }),
  subject: z.string(),
  status: ZOutboxStatusSchema,
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: ZIsoDateTimeSchema,
  /** When it is tried next; null once sent, given up or not sent. */
  nextAttemptAt: ZIsoDateTimeSchema.nullable(),
  sentAt: ZIsoDateTimeSchema.nullable(),
});
export type TOutboxEntry = z.infer<typeof ZOutboxEntrySchema>;

/** One message whole: what the person receives. */
export const ZOutboxMessageSchema = ZOutboxEntrySchema.extend({
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessageSchema>;

/** GET /api/email/outbox: newest first; `cursor` is a page's `nextCursor`, `limit` 1 to 100 (50 when absent). */
export const ZOutboxQuerySchema = z.object({
  cursor: cursorParam(1, ([id = 0]) => ({ id })).optional(),
  limit: pageLimitParam(OUTBOX_PAGE_SIZE.max, `At most ${OUTBOX_PAGE_SIZE.max} messages a page`).optional(),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuerySchema>;

export const ZOutboxPageSchema = z.object({
  messages: z.array(ZOutboxEntrySchema),
  nextCursor: z.string().nullable(),
});
export type TOutboxPage = z.infer<typeof ZOutboxPageSchema>;

/** The one-click link of an email: it names a person and a kind, signed by the server. */
export const ZUnsubscribeParamsSchema = z.object({
  token: z.string().regex(/^\d{1,10}\.[a-z_]{1,40}\.[\w-]{43}$/, 'Not an unsubscribe link this app sent'),
});

export const ZUnsubscribedSchema = z.object({ kind: ZEmailKindSchema, message: z.string() });
export type TUnsubscribed = z.infer<typeof ZUnsubscribedSchema>;
