import { z } from 'zod';
import { ZUserSchema } from '../users/user.schemas.js';

export const ZSessionSchema = z.object({ isAuthenticated: z.boolean() });
export type TSession = z.infer<typeof ZSessionSchema>;

export const ZLoginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const ZLoginResponseSchema = z.object({ message: z.string(), user: ZUserSchema });
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

export const ZLogoutResponseSchema = z.object({ message: z.string() });
export type TLogoutResponse = z.infer<typeof ZLogoutResponseSchema>;

export const ZHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ ok: z.boolean(), driver: z.enum(['postgresql', 'embedded']), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});
export type THealth = z.infer<typeof ZHealthSchema>;
