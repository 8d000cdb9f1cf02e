import { ref, type EntityManager } from '@mikro-orm/core';
import {
  canEditV2mom,
  canUpdateMethod,
  type TApiToken,
  type TApiTokenItem,
  type TApiTokenItemRef,
  type TApiTokenState,
  type TCreateApiToken,
  type TCreatedApiToken,
  type TOwnedApiToken,
} from '@v2mom/contracts';
import { personLabel, recordAudit } from '../admin/audit.service.js';
import { Measure } from '../measures/measure.entity.js';
import { Method } from '../methods/method.entity.js';
import { actorOf, authorize, found } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import { ApiToken, apiTokenItemRef } from './api-token.entity.js';
import { apiTokenHint, apiTokenSecretHash, newApiTokenSecret } from './api-token-secret.js';
import type { Caller } from '../auth/signed-in-user.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function stateOf(token: ApiToken, now: Date): TApiTokenState {
  if (token.revokedAt) return 'revoked';
  return token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Refused when a token is limited to an item its owner may not update (docs/PRODUCT.md#numbers-pushed-in). */
const ITEM_NOT_YOURS = 'You can limit a token only to a method or a measure you may update';

/** The item a token is limited to, with its description; its reference is loaded (`ITEM_POPULATE`). */
function itemOf(token: ApiToken): TApiTokenItem | null {
  const item = apiTokenItemRef(token);
  if (!item) return null;
  const row = item.kind === 'method' ? token.itemMethod?.getEntity() : token.itemMeasure?.getEntity();
  return { ...item, label: row?.description ?? '' };
}

const ITEM_POPULATE = ['itemMethod', 'itemMeasure'] as const;

function toDto(token: ApiToken, now: Date): TApiToken {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    hint: token.hint,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
    revokedAt: token.revokedAt?.toISOString() ?? null,
    state: stateOf(token, now),
    item: itemOf(token),
  };
}

function toOwnedDto(token: ApiToken, now: Date): TOwnedApiToken {
  return { ...toDto(token, now), owner: userRef(token.user.getEntity()) };
}

/** How the audit log names a token: its name and whose it is. */
function subjectOf(token: ApiToken): string {
  return `${token.name} (${personLabel(token.user.getEntity())})`;
}

/** GET /api/api-tokens: the caller's own, newest first, revoked and expired ones included. */
export async function listOwnApiTokens(em: EntityManager, owner: Caller, now: Date): Promise<TApiToken[]> {
  const tokens = await em.find(ApiToken, { user: owner.id }, { populate: ITEM_POPULATE, orderBy: { id: 'desc' } });
  return tokens.map((token) => toDto(token, now));
}

/** GET /api/admin/api-tokens: everyone's, newest first. */
export async function listAllApiTokens(em: EntityManager, now: Date): Promise<TOwnedApiToken[]> {
  const tokens = await em.find(ApiToken, {}, { populate: ['user', ...ITEM_POPULATE], orderBy: { id: 'desc' } });
  return tokens.map((token) => toOwnedDto(token, now));
}

/**
 * The method or measure a new token is limited to, when its owner may update it now: a method's
 * check-in fields ([who may change what](docs/PRODUCT.md#data-permissions)), a measure's V2MOM.
 * Each push checks again, as rights change.
 */
async function limitableItem(tx: EntityManager, owner: User, item: TApiTokenItemRef): Promise<{ itemMethod: Method } | { itemMeasure: Measure }> {
  if (item.kind === 'method') {
    const method = found(await tx.findOne(Method, item.id, { populate: ['v2mom'] }), 'Method');
    const rights = { ownerId: method.owner?.id ?? null, v2mom: { userId: method.v2mom.getEntity().owner.id } };
    authorize(canUpdateMethod(actorOf(owner), rights, true), ITEM_NOT_YOURS);
    return { itemMethod: method };
  }
  const measure = found(await tx.findOne(Measure, item.id, { populate: ['v2mom'] }), 'Measure');
  authorize(canEditV2mom(actorOf(owner), { userId: measure.v2mom.getEntity().owner.id }), ITEM_NOT_YOURS);
  return { itemMeasure: measure };
}

/** POST /api/api-tokens: a new secret, in this answer only; the creation is audited. */
export async function createApiToken(em: EntityManager, owner: User, input: TCreateApiToken, now: Date): Promise<TCreatedApiToken> {
  return em.transactional(async (tx) => {
    const item = input.item ? await limitableItem(tx, owner, input.item) : {};
    const secret = newApiTokenSecret();
    const token = tx.create(ApiToken, {
      user: ref(owner),
      name: input.name,
      scope: input.scope,
      secretHash: apiTokenSecretHash(secret),
      hint: apiTokenHint(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.days * DAY_MS),
      revokedAt: null,
      lastUsedAt: null,
      ...item,
    });
    recordAudit(tx, {
      action: 'api_token.created',
      actor: owner,
      subjectUser: owner,
      subject: subjectOf(token),
      after: { name: token.name, scope: token.scope, expiresAt: token.expiresAt.toISOString(), ...(input.item ? { item: `${input.item.kind} ${input.item.id}` } : {}) },
    });
    await tx.flush();
    return { ...toDto(token, now), secret };
  });
}

/**
 * Revokes the token `id`, when `owner` is given only one of theirs (404 for anyone else's); it
 * answers 401 from now on. Revoking a revoked token changes nothing.
 */
async function revoke(em: EntityManager, actor: User, id: number, owner: User | undefined, now: Date): Promise<ApiToken> {
  return em.transactional(async (tx) => {
    const token = found(await tx.findOne(ApiToken, owner ? { id, user: owner.id } : { id }, { populate: ['user', ...ITEM_POPULATE] }), 'API token');
    if (!token.revokedAt) {
      token.revokedAt = now;
      recordAudit(tx, { action: 'api_token.revoked', actor, subjectUser: token.user.getEntity(), subject: subjectOf(token), after: { revokedAt: now.toISOString() } });
      await tx.flush();
    }
    return token;
  });
}

/** POST /api/api-tokens/{id}/revoke. */
export async function revokeOwnApiToken(em: EntityManager, owner: User, id: number, now: Date): Promise<TApiToken> {
  return toDto(await revoke(em, owner, id, owner, now), now);
}

/** POST /api/admin/api-tokens/{id}/revoke. */
export async function revokeAnyApiToken(em: EntityManager, actor: User, id: number, now: Date): Promise<TOwnedApiToken> {
  return toOwnedDto(await revoke(em, actor, id, undefined, now), now);
}
