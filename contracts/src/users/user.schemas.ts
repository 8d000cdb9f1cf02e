import { z } from 'zod';
import { ZUserRefSchema, ZVersionSchema } from '../common/fields.schemas.js';
import { CAPABILITIES, ROLES } from './roles.js';

export const ZRoleSchema = z.enum(ROLES);
export const ZCapabilitySchema = z.enum(CAPABILITIES);

/** The signed-in user, as GET /api/auth/user returns it. */
export const ZUserSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  name: z.string(),
  department: z.string(),
  role: ZRoleSchema,
  capabilities: z.array(ZCapabilitySchema),
  avatarUrl: z.string().nullable(),
  /** Sent back by PATCH /api/auth/user (docs/PRODUCT.md#versions). */
  version: ZVersionSchema,
  /** False once an administrator deactivated the account (docs/PRODUCT.md#people-api). */
  active: z.boolean(),
  /**
   * True while the password is a temporary one an administrator set: every call but the session,
   * sign-out and password change answers 403 `password_change_required` (docs/PRODUCT.md#temporary-passwords-api).
   */
  passwordChangeRequired: z.boolean(),
});
export type TUser = z.infer<typeof ZUserSchema>;

/** What the access rules need to know about a user; `null` means nobody is signed in. */
export type TAccessSubject = Pick<TUser, 'role' | 'capabilities' | 'department'>;

/** An access subject that can also own things (docs/PRODUCT.md#data-permissions). */
export type TActor = TAccessSubject & Pick<TUser, 'id'>;

/** How other users appear on read sides: owners of methods and tasks, team rows. */
export const ZUserSummarySchema = ZUserRefSchema.extend({ department: z.string() });
export type TUserSummary = z.infer<typeof ZUserSummarySchema>;

/** A V2MOM owner in lists also carries the avatar (the UI falls back to initials). */
export const ZOwnerWithAvatarSchema = ZUserSummarySchema.extend({ avatarUrl: z.string().nullable() });
export type TOwnerWithAvatar = z.infer<typeof ZOwnerWithAvatarSchema>;

/**
 * GET /api/users: everyone, for owner selects and filters, deactivated people included (with
 * `active: false`) so that what they own still names them, with '(inactive)'. Capabilities stay private; only the
 * person 'Only {name} can …' messages name is marked, so a screen can say it before the server
 * refuses (docs/PRODUCT.md#named-holder). That name is in every such 403 anyway.
 */
export const ZUserListItemSchema = ZUserSchema.pick({
  id: true,
  username: true,
  name: true,
  department: true,
  role: true,
  avatarUrl: true,
  version: true,
  active: true,
}).extend({
  /** True for exactly one user: the first (lowest id) holder of `manage_structure`, if any. */
  structureContact: z.boolean(),
});
export type TUserListItem = z.infer<typeof ZUserListItemSchema>;
