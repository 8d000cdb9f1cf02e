import { z } from 'zod';
import { ZCapabilitySchema, ZRoleSchema } from './roles.js';

export const ZUserIdSchema = z.coerce.number().int().positive();

export const ZUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  name: z.string(),
  department: z.string(),
  role: ZRoleSchema,
  capabilities: z.array(ZCapabilitySchema),
  avatarUrl: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUserSchema>;

/** What the access rules need to know about a user; `null` means nobody is signed in. */
export type TAccessSubject = Pick<TUser, 'role' | 'capabilities' | 'department'>;
