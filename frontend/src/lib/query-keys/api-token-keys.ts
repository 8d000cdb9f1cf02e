/** Personal access tokens (see v2mom-keys.ts for why there is one factory per feature). */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  /** GET /api/api-tokens: the signed-in person's own. */
  own: () => [...apiTokenKeys.all, 'own'] as const,
  /** GET /api/admin/api-tokens: everyone's. */
  everyone: () => [...apiTokenKeys.all, 'everyone'] as const,
};
