import { defineEntity, p } from '@mikro-orm/core';
import { API_TOKEN_SCOPES, type TApiTokenItemRef } from '@v2mom/contracts';
// User first: it and audit.properties (which Measure and Method use) import each other.
import { User } from '../users/user.entity.js';
import { Measure } from '../measures/measure.entity.js';
import { Method } from '../methods/method.entity.js';
import { now } from '../../server-clock.js';

/**
 * A personal access token (docs/PRODUCT.md#api-tokens): its owner's key to the API, of which only
 * the SHA-256 digest of the secret is kept. Never edited but to be revoked or to note its last
 * use, and neither of those can collide with another write, so it has no version.
 */
const ApiTokenSchema = defineEntity({
  name: 'ApiToken',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).ref().deleteRule('cascade').index(),
    name: p.string().length(80),
    scope: p.enum(API_TOKEN_SCOPES),
    /** Hex SHA-256 of the secret. */
    secretHash: p.string().length(64).unique(),
    /** The secret's first characters, shown in lists so a person can tell their tokens apart. */
    hint: p.string().length(16),
    createdAt: p.datetime().onCreate(() => now()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    /**
     * The one item it may push numbers into, at most one of the two (docs/PRODUCT.md#numbers-pushed-in);
     * a limited token goes with its item, never widening into a plain one.
     */
    itemMethod: () => p.manyToOne(Method).ref().nullable().deleteRule('cascade').index(),
    itemMeasure: () => p.manyToOne(Measure).ref().nullable().deleteRule('cascade').index(),
  },
});

export class ApiToken extends ApiTokenSchema.class {}
ApiTokenSchema.setClass(ApiToken);

/** The item the token is limited to, if any (docs/PRODUCT.md#numbers-pushed-in). */
export function apiTokenItemRef(token: ApiToken): TApiTokenItemRef | null {
  if (token.itemMethod) return { kind: 'method', id: token.itemMethod.id };
  if (token.itemMeasure) return { kind: 'measure', id: token.itemMeasure.id };
  return null;
}
