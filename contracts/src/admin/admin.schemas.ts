import { z } from 'zod';
import { requiredLine, TEXT_LIMITS, ZIdParamSchema, ZIdSchema, ZIsoDateTimeSchema, ZUserRefSchema, ZVersionSchema } from '../common/fields.schemas.js';
import { ZCapabilitySchema, ZRoleSchema, ZUserSchema, ZUserSummarySchema } from '../users/user.schemas.js';

/**
 * Organisation administration (docs/PRODUCT.md#administration): the People table, temporary
 * passwords and the audit log. Every call needs the `settings` capability.
 */

/** The People table's row: everything an administrator sees and edits about one person. */
export const ZAdminUserSchema = ZUserSchema.pick({
  id: true,
  username: true,
  name: true,
  department: true,
  role: true,
  capabilities: true,
  avatarUrl: true,
  version: true,
  active: true,
  passwordChangeRequired: true,
}).extend({
  departmentId: ZIdSchema,
  /** Whom the person reports to: another person of the organisation, or null. */
  manager: ZUserSummarySchema.nullable(),
  /** Null until the first sign-in. */
  lastSignInAt: ZIsoDateTimeSchema.nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;

/** Usernames sign in, so they are plain: lower-case letters, digits, dot, dash and underscore. */
export const USERNAME_PATTERN = /^[a-z0-9._-]+$/;
export const USERNAME_MAX = 100;

const ZCapabilitiesSchema = z.array(ZCapabilitySchema).max(10).transform((list) => [...new Set(list)].sort());

/** POST /api/admin/users: the account starts with a temporary password the answer carries once. */
export const ZCreateUserRequestSchema = z.object({
  username: requiredLine(USERNAME_MAX, 'Username is required')
    .toLowerCase()
    .regex(USERNAME_PATTERN, 'Use lower-case letters, digits, dots, dashes and underscores only'),
  name: requiredLine(TEXT_LIMITS.name, 'Name is required'),
  departmentId: ZIdSchema,
  role: ZRoleSchema,
  capabilities: ZCapabilitiesSchema.default([]),
  /** An active person of the organisation; none when left out. */
  managerId: ZIdSchema.nullable().default(null),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequestSchema>;

/** PATCH /api/admin/users/{id}: any of these, based on the version the administrator saw. */
export const ZUpdateUserRequestSchema = z.object({
  version: ZVersionSchema,
  name: requiredLine(TEXT_LIMITS.name, 'Name is required').optional(),
  departmentId: ZIdSchema.optional(),
  role: ZRoleSchema.optional(),
  capabilities: ZCapabilitiesSchema.optional(),
  /** Null takes the manager away. */
  managerId: ZIdSchema.nullable().optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequestSchema>;

/** A created or reset account: the temporary password is in this answer and nowhere else, ever. */
export const ZTemporaryPasswordResponseSchema = z.object({
  user: ZAdminUserSchema,
  temporaryPassword: z.string(),
});
export type TTemporaryPasswordResponse = z.infer<typeof ZTemporaryPasswordResponseSchema>;

/** What the audit log records (docs/PRODUCT.md#audit-log-api). */
export const AUDIT_ACTIONS = [
  'user.created',
  'user.updated',
  'user.password_reset',
  'user.deactivated',
  'user.reactivated',
  'department.created',
  'department.renamed',
  'department.deleted',
  'rhythm.changed',
  'company.changed',
  'quarter_review.reopened',
  'room_link.created',
  'room_link.revoked',
  'room_link.used',
  'api_token.created',
  'api_token.revoked',
  'webhook.created',
  'webhook.secret_shown',
  'webhook.deleted',
  'webhook.disabled',
  'sign_in.failure_burst',
  'v2mom.imported',
  'user.imported',
  'chat_channel.created',
  'chat_channel.updated',
  'chat_channel.deleted',
  'chat_channel.tested',
  'department.updated',
] as const;
export const ZAuditActionSchema = z.enum(AUDIT_ACTIONS);
export type TAuditAction = z.infer<typeof ZAuditActionSchema>;

/** How the log names each action. */
export const AUDIT_ACTION_LABELS: Record<TAuditAction, string> = {
  'user.created': 'Created user',
  'user.updated': 'Edited user',
  'user.password_reset': 'Reset password',
  'user.deactivated': 'Deactivated user',
  'user.reactivated': 'Reactivated user',
  'department.created': 'Created department',
  'department.renamed': 'Renamed department',
  'department.deleted': 'Deleted department',
  'department.updated': 'Edited department',
  'rhythm.changed': 'Changed the company rhythm',
  'company.changed': 'Changed the company name or colours',
  'quarter_review.reopened': 'Reopened a quarter review',
  'room_link.created': 'Made a meeting-room link',
  'room_link.revoked': 'Revoked a meeting-room link',
  'room_link.used': 'A meeting-room link was opened',
  'api_token.created': 'Made an API token',
  'api_token.revoked': 'Revoked an API token',
  'webhook.created': 'Made a webhook',
  'webhook.secret_shown': "Was shown a webhook's secret",
  'webhook.deleted': 'Deleted a webhook',
  'webhook.disabled': 'A webhook was turned off after days of failures',
  'chat_channel.created': 'Added a Slack or Teams channel',
  'chat_channel.updated': 'Edited a Slack or Teams channel',
  'chat_channel.deleted': 'Removed a Slack or Teams channel',
  'chat_channel.tested': 'Sent a test post to a Slack or Teams channel',
  'sign_in.failure_burst': 'Repeated sign-in failures',
  'v2mom.imported': 'Imported V2MOMs from a spreadsheet',
  'user.imported': 'Imported people from a spreadsheet',
};

/** The fields an entry changed, as they were and as they became; passwords never appear. */
export const ZAuditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const ZAuditEntrySchema = z.object({
  id: ZIdSchema,
  at: ZIsoDateTimeSchema,
  action: ZAuditActionSchema,
  /** Who did it; null for sign-in failures (nobody signed in). */
  actor: ZUserRefSchema.nullable(),
  /** The person the action was about, when it was about a person (for a failure burst: the username's account, if any). */
  subjectUser: ZUserRefSchema.nullable(),
  /** What it was about, in words: 'Dana Lee (dlee)', 'Engineering', 'username jdoe from 10.0.0.7'. */
  subject: z.string(),
  before: ZAuditValuesSchema,
  after: ZAuditValuesSchema,
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

/** GET /api/admin/audit: newest first. */
export const ZAuditListSchema = z.array(ZAuditEntrySchema);

export const AUDIT_PAGE_SIZE = { default: 100, max: 500 } as const;

/** `?personId=` keeps the entries that person did or that were about them. */
export const ZAuditQuerySchema = z.object({
  personId: ZIdParamSchema.optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d*$/, 'Expected a positive number')
    .transform(Number)
    .pipe(z.number().max(AUDIT_PAGE_SIZE.max))
    .optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;
