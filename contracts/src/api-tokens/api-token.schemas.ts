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

/**
 * A token may be limited to one item (docs/PRODUCT.md#numbers-pushed-in): then it only pushes that
 * method's or measure's numbers in, through its feed call.
 */
export const API_TOKEN_ITEM_KINDS = ['method', 'measure'] as const;
export const ZApiTokenItemKindSchema = z.enum(API_TOKEN_ITEM_KINDS);
export type TApiTokenItemKind = z.infer<typeof ZApiTokenItemKindSchema>;
/** How the account page names each kind of item. */
export const API_TOKEN_ITEM_KIND_LABELS: Record<TApiTokenItemKind, string> = { method: 'Method', measure: 'Measure' };

/** The item a token is limited to, as its creation names it. */
export const ZApiTokenItemRefSchema = z.strictObject({ kind: ZApiTokenItemKindSchema, id: ZIdSchema });
export type TApiTokenItemRef = z.infer<typeof ZApiTokenItemRefSchema>;

/** The item as lists show it: with its description, so its owner knows which one. */
export const ZApiTokenItemSchema = ZApiTokenItemRefSchema.extend({ label: z.string() });
export type TApiTokenItem = z.infer<typeof ZApiTokenItemSchema>;

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
  /** The one item it may push numbers into, or null for a token that calls the API as its owner. */
  item: ZApiTokenItemSchema.nullable(),
});
export type TApiToken = z.infer<typeof ZApiTokenSchema>;
export const ZApiTokenListSchema = z.array(ZApiTokenSchema);

/** A token in the administrators' list: whose it is too. */
export const ZOwnedApiTokenSchema = ZApiTokenSchema.extend({ owner: ZUserRefSchema });
export type TOwnedApiToken = z.infer<typeof ZOwnedApiTokenSchema>;
export const ZOwnedApiTokenListSchema = z.array(ZOwnedApiTokenSchema);

const DAYS_MESSAGE = `A token lasts 1 to ${API_TOKEN_MAX_DAYS} days`;

export const API_TOKEN_ITEM_SCOPE_MESSAGE = 'A token limited to one item pushes values into it: its scope must be read_write';

/** POST /api/api-tokens: a name, a scope, how many days it lasts, and optionally the one item it feeds. */
export const ZCreateApiTokenSchema = z
  .strictObject({
    name: requiredLine(API_TOKEN_NAME_MAX, 'Name the token after what will use it'),
    scope: ZApiTokenScopeSchema,
    days: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(1, DAYS_MESSAGE).max(API_TOKEN_MAX_DAYS, DAYS_MESSAGE),
    item: ZApiTokenItemRefSchema.nullable().optional(),
  })
  .refine((body) => !body.item || body.scope === 'read_write', { message: API_TOKEN_ITEM_SCOPE_MESSAGE, path: ['scope'] });
export type TCreateApiToken = z.infer<typeof ZCreateApiTokenSchema>;

/** The created token with its secret, shown this once: the server keeps only its SHA-256 digest. */
export const ZCreatedApiTokenSchema = ZApiTokenSchema.extend({ secret: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiTokenSchema>;

export const ZApiTokenParamsSchema = ZIdParamsSchema;
