import { z } from 'zod';
import { requiredLine, TEXT_LIMITS, ZIsoDateTimeSchema, ZVersionSchema } from '../common/fields.schemas.js';
import { ZUserSchema } from '../users/user.schemas.js';

export const ZSessionSchema = z.object({ isAuthenticated: z.boolean() });
export type TSession = z.infer<typeof ZSessionSchema>;

/** NIST SP 800-63B's floor for chosen passwords; the demo password `demo1234` just meets it. */
const PASSWORD_MIN_LENGTH = 8;
/** Bounds the argon2 work one request can ask for; every password that can be set can also sign in. */
const PASSWORD_MAX_LENGTH = 200;

export const ZLoginRequestSchema = z.object({
  // Looked up in the database, so it must be storable text (a NUL would be a database error).
  username: requiredLine(100, 'Username is required'),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

/** A password someone chooses; also what an administrator's temporary password satisfies. */
export const ZNewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Passwords are taken as typed: never trimmed, any characters. */
export const ZChangePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX_LENGTH, `Current password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    newPassword: ZNewPasswordSchema,
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: 'New password must be different from the current one',
    path: ['newPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

/** PATCH /api/auth/user: one's own name, based on the version the client saw. */
export const ZUpdateProfileRequestSchema = z.object({
  name: requiredLine(TEXT_LIMITS.name, 'Name is required'),
  version: ZVersionSchema,
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequestSchema>;

/**
 * One of the signed-in user's live sessions (docs/PRODUCT.md#account-sessions-api). `id` is a handle
 * derived from the session, never the session id itself.
 */
export const ZAccountSessionSchema = z.object({
  id: z.string(),
  /** 'Chrome on Linux', from the User-Agent the session signed in with; 'Unknown device' without one. */
  device: z.string(),
  createdAt: ZIsoDateTimeSchema,
  lastSeenAt: ZIsoDateTimeSchema,
  /** The session this request came with. */
  current: z.boolean(),
});
export type TAccountSession = z.infer<typeof ZAccountSessionSchema>;

/** GET /api/auth/sessions: the current session first, then the most recently seen. */
export const ZAccountSessionListSchema = z.array(ZAccountSessionSchema);

export const ZSessionHandleParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, 'Expected a session handle'),
});

/** DELETE /api/auth/sessions: how many other sessions ended. */
export const ZEndSessionsResponseSchema = z.object({ message: z.string(), ended: z.number().int().nonnegative() });
export type TEndSessionsResponse = z.infer<typeof ZEndSessionsResponseSchema>;

export const ZLoginResponseSchema = z.object({ message: z.string(), user: ZUserSchema });
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

export const ZLogoutResponseSchema = z.object({ message: z.string() });
export type TLogoutResponse = z.infer<typeof ZLogoutResponseSchema>;

/** What the login page needs to offer single sign-on: whether it is on, and the button's provider name. */
export const ZSsoConfigSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z.object({ enabled: z.literal(true), providerName: z.string() }),
]);
export type TSsoConfig = z.infer<typeof ZSsoConfigSchema>;

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    ok: z.boolean(),
    driver: z.enum(['postgresql', 'embedded']),
    latencyMs: z.number(),
    /** Why `ok` is false: no connection (`unreachable`), or connected but the check query failed (`failing`). */
    problem: z.enum(['unreachable', 'failing']).optional(),
  }),
  /** Only with a read replica (DATABASE_READ_URL): whether it answers. Reads go to the primary while it does not, so it never degrades `status`. */
  replica: z.object({ ok: z.boolean() }).optional(),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;
