import { z } from 'zod';

export const ROLES = ['admin', 'user', 'read_only'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;

/**
 * Capabilities replace the spec's fixed-username checks (DECISIONS.md section 2):
 * stored per user, shown by the client, enforced by the server.
 */
export const CAPABILITIES = ['manage_structure', 'export_slides', 'manage_tasks', 'settings'] as const;
export const ZCapabilitySchema = z.enum(CAPABILITIES);
export type TCapability = z.infer<typeof ZCapabilitySchema>;
