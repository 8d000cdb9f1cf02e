// Plain constants, no zod: the access rules import these and the login route's bundle
// must not pull in a schema library (it has a 150 KB budget). The schemas are in
// user.schemas.ts.
export const ROLES = ['admin', 'user', 'read_only'] as const;
export type TRole = (typeof ROLES)[number];

/**
 * Capabilities (docs/PRODUCT.md#capabilities): stored per user, shown by the client, enforced by
 * the server.
 */
export const CAPABILITIES = ['manage_structure', 'export_slides', 'manage_tasks', 'settings'] as const;
export type TCapability = (typeof CAPABILITIES)[number];
