import { z } from 'zod';
import { requiredText } from '../common/fields.schemas.js';
import { ZUserSchema } from '../users/user.schemas.js';

export const ZSessionSchema = z.object({ isAuthenticated: z.boolean() });
export type TSession = z.infer<typeof ZSessionSchema>;

/** NIST SP 800-63B's floor for chosen passwords; the demo password `demo1234` just meets it. */
const PASSWORD_MIN_LENGTH = 8;
/** Bounds the argon2 work one request can ask for; every password that can be set can also sign in. */
const PASSWORD_MAX_LENGTH = 200;

export const ZLoginRequestSchema = z.object({
  // Looked up in the database, so it must be storable text (a NUL would be a database error).
  username: requiredText(100, 'Username is required'),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

/** Passwords are taken as typed: never trimmed, any characters. */
export const ZChangePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, 'Current password is required')
      .max(PASSWORD_MAX_LENGTH, `Current password must be at most ${PASSWORD_MAX_LENGTH} characters`),
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  })
  .refine((input) => input.newPassword !== input.currentPassword, {
    message: 'New password must be different from the current one',
    path: ['newPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

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
  database: z.object({ ok: z.boolean(), driver: z.enum(['postgresql', 'embedded']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;
