import { z } from 'zod';
import { ZIdParamsSchema, ZIdSchema, ZIsoDateTimeSchema, ZUserRefSchema, requiredLine } from '../common/fields.schemas.js';

/** Personal access tokens (docs/PRODUCT.md#api-tokens): a person's own key to the API for scripts and other tools. */
export const API_TOKEN_MAX_DAYS = 365;
export const API_TOKEN_DEFAULT_DAYS = 90;
/** The lifetimes the account page offers; the API takes any whole number of days up to a year. */
export const API_TOKEN_DAY_CHOICES = [7, 30, 90, 180, 365] as const;
export const API_TOKEN_NAME_MAX = 80;
/** Every secret starts with it, so a leaked one is recognised (and a scanner can find it). */
export const API_TOKEN_PREFIX = 'v2m_';

/** `read` answers only calls that change nothing; `read_write` every call its owner may make. */
export const API_TOKEN_SCOPES = ['read', 'read_write'] as const;
export const ZApiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);
export type TApiTokenScope = z.infer<typeof ZApiTokenScopeSchema>;
export const API_TOKEN_SCOPE_LABELS: Record<TApiTokenScope, string> = { read: 'Read only', read_write: 'Read and write' };

/** Where a token stands: it works until it expires or is revoked, and then never again. */
export const API_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;
export const ZApiTokenStateSchema = z.enum(API_TOKEN_STATES);
export type TApiTokenState = z.infer<typeof ZApiTokenStateSchema>;

/** A token as lists show it: never its secret, which only its creation answers. */
export const ZApiTokenSchema = z.object({
  id: ZIdSchema,
  name: z.string(),
  scope: ZApiTokenScopeSchema,
  /** The secret's first characters, so its owner can tell which token a script holds. */
  hint: z.string(),
  createdAt: ZIsoDateTimeSchema,
  expiresAt: ZIsoDateTimeSchema,
  lastUsedAt: ZIsoDateTimeSchema.nullable(),
  revokedAt: ZIsoDateTimeSchema.nullable(),
  state: ZApiTokenStateSchema,
});
export type TApiToken = z.infer<typeof ZApiTokenSchema>;
export const ZApiTokenListSchema = z.array(ZApiTokenSchema);

/** A token in the administrators' list: whose it is too. */
export const ZOwnedApiTokenSchema = ZApiTokenSchema.extend({ owner: ZUserRefSchema });
export type TOwnedApiToken = z.infer<typeof ZOwnedApiTokenSchema>;
export const ZOwnedApiTokenListSchema = z.array(ZOwnedApiTokenSchema);

const DAYS_MESSAGE = `A token lasts 1 to ${API_TOKEN_MAX_DAYS} days`;

/** POST /api/api-tokens: a name, a scope and how many days it lasts. */
export const ZCreateApiTokenSchema = z.strictObject({
  name: requiredLine(API_TOKEN_NAME_MAX, 'Name the token after what will use it'),
  scope: ZApiTokenScopeSchema,
  days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(API_TOKEN_MAX_DAYS, DAYS_MESSAGE),
});
export type TCreateApiToken = z.infer<typeof ZCreateApiTokenSchema>;

/** The created token with its secret, shown this once: the server keeps only its SHA-256 digest. */
export const ZCreatedApiTokenSchema = ZApiTokenSchema.extend({ secret: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiTokenSchema>;

export const ZApiTokenParamsSchema = ZIdParamsSchema;
