import { raw, ref, type EntityManager } from '@mikro-orm/core';
import {
  ROOM_LINK_MAX_DAYS,
  type TCreatedRoomLink,
  type TCreateRoomLink,
  type TFollowScreen,
  type TRoomLink,
  type TRoomLinkState,
} from '@v2mom/contracts';
import { recordAudit } from '../admin/audit.service.js';
import { changeSet, rowChange, type ChangeSet, type EntityChange, type Written } from '../shared/change-set.js';
import { found } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';
import { userRef } from '../users/user-ref.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { RoomLink } from './room-link.entity.js';
import { newRoomToken, roomTokenHash } from './room-token.js';

/** Only the rows a flush really wrote become live events: the change log step of ../write-effects.ts notes them. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A link's last use is noted at most this often: a busy meeting's reads do not each write. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;

/** Who a meeting-room request is: one live link and the one screen it shows (docs/PRODUCT.md#meeting-room-links). */
export interface RoomPrincipal {
  linkId: number;
  label: string;
  screen: TFollowScreen;
  expiresAt: Date;
}

const NOTHING_CHANGED = changeSet([], []);

function stateOf(link: RoomLink, now: Date): TRoomLinkState {
  if (link.revokedAt) return 'revoked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

function screenOf(link: RoomLink): TFollowScreen {
  return link.v2mom ? { kind: 'v2mom', v2momId: link.v2mom.id } : { kind: 'coo-view' };
}

/** How the audit log names a link: its room, and what it shows. */
function subjectOf(link: RoomLink): string {
  const v2mom = link.v2mom?.getEntity();
  return `${link.label} (${v2mom ? `V2MOM ${v2mom.title}` : 'COO View'})`;
}

function toDto(link: RoomLink, now: Date): TRoomLink {
  const creator = link.createdBy?.getEntity();
  return {
    id: link.id,
    label: link.label,
    screen: screenOf(link),
    v2momTitle: link.v2mom?.getEntity().title ?? null,
    createdAt: link.createdAt.toISOString(),
    createdBy: creator ? userRef(creator) : null,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    lastUsedAt: link.lastUsedAt?.toISOString() ?? null,
    state: stateOf(link, now),
    version: link.version,
  };
}

/**
 * A link's row for the open Meeting rooms tabs, never its token; it goes to settings holders only
 * (SETTINGS_ONLY_ENTITIES), so it names no department.
 */
function linkChanged(link: RoomLink, operation: 'created' | 'updated', now: Date): ChangeSet {
  return changeSet([rowChange('roomLink', toDto(link, now), operation, null)], []);
}

/** GET /api/admin/room-links: newest first, revoked and expired ones included. */
export async function listRoomLinks(em: EntityManager, now: Date): Promise<TRoomLink[]> {
  const links = await em.find(RoomLink, {}, { populate: ['createdBy', 'v2mom'], orderBy: { id: 'desc' } });
  return links.map((link) => toDto(link, now));
}

/** POST /api/admin/room-links: a new token, shown in this answer only; the link's creation is audited. */
export async function createRoomLink(em: EntityManager, actor: User, input: TCreateRoomLink, now: Date): Promise<Written<TCreatedRoomLink>> {
  return em.transactional(async (tx) => {
    const v2mom = input.screen.kind === 'v2mom' ? found(await tx.findOne(V2mom, input.screen.v2momId), 'V2MOM') : null;
    const token = newRoomToken();
    const days = Math.min(input.days, ROOM_LINK_MAX_DAYS);
    const link = tx.create(RoomLink, {
      label: input.label,
      v2mom: v2mom ? ref(v2mom) : null,
      tokenHash: roomTokenHash(token),
      createdAt: now,
      createdBy: ref(actor),
      expiresAt: new Date(now.getTime() + days * DAY_MS),
      revokedAt: null,
      lastUsedAt: null,
    });
    recordAudit(tx, { action: 'room_link.created', actor, subject: subjectOf(link), after: { label: link.label, expiresAt: link.expiresAt.toISOString() } });
    await tx.flush();
    return { result: { ...toDto(link, now), token }, changeSet: linkChanged(link, 'created', now) };
  });
}

/** POST /api/admin/room-links/{id}/revoke: the link stops now; revoking a revoked link changes nothing. */
export async function revokeRoomLink(em: EntityManager, actor: User, id: number, now: Date): Promise<Written<TRoomLink>> {
  return em.transactional(async (tx) => {
    const link = found(await tx.findOne(RoomLink, id, { populate: ['createdBy', 'v2mom'] }), 'Meeting-room link');
    if (!link.revokedAt) {
      link.revokedAt = now;
      recordAudit(tx, { action: 'room_link.revoked', actor, subject: subjectOf(link), after: { revokedAt: now.toISOString() } });
      await tx.flush();
    }
    // A link revoked already was not written: its unchanged row goes to no one (http/route.ts).
    return { result: toDto(link, now), changeSet: linkChanged(link, 'updated', now) };
  });
}

/** The links a deactivation revoked: their rows for the open Meeting rooms tabs, and their ids, whose screens end after the commit. */
export interface RevokedRoomLinks {
  changes: EntityChange[];
  ids: number[];
}

/**
 * Revokes every live link `creator` made, in the transaction that deactivates them
 * (docs/PRODUCT.md#meeting-room-links): a link is as trusted as the person who made it, and it
 * stays revoked if they come back. Each revocation is audited as one made by `actor`.
 */
export async function revokeRoomLinksMadeBy(tx: EntityManager, actor: User, creator: User, now: Date): Promise<RevokedRoomLinks> {
  const links = await tx.find(RoomLink, { createdBy: creator.id, revokedAt: null, expiresAt: { $gt: now } }, { populate: ['createdBy', 'v2mom'] });
  for (const link of links) {
    link.revokedAt = now;
    recordAudit(tx, { action: 'room_link.revoked', actor, subjectUser: creator, subject: subjectOf(link), after: { revokedAt: now.toISOString() } });
  }
  await tx.flush();
  return { changes: links.flatMap((link) => linkChanged(link, 'updated', now).changes), ids: links.map((link) => link.id) };
}

/** The live link a token names, or null for an unknown, expired or revoked one. */
export async function findLiveRoomLink(em: EntityManager, token: string, now: Date): Promise<RoomPrincipal | null> {
  const link = await em.findOne(RoomLink, { tokenHash: roomTokenHash(token), revokedAt: null, expiresAt: { $gt: now } });
  return link ? { linkId: link.id, label: link.label, screen: screenOf(link), expiresAt: link.expiresAt } : null;
}

/**
 * Notes that the link was used now, at most once a LAST_USED_RESOLUTION_MS: only then does its row
 * change (its version too), so the open Meeting rooms tabs hear of a busy screen once a minute at
 * most, not on each of its reads. Answers what changed, for the caller to publish after the commit.
 */
export async function noteRoomLinkUse(em: EntityManager, linkId: number, now: Date): Promise<ChangeSet> {
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  const noted = await em.nativeUpdate(
    RoomLink,
    { id: linkId, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: stale } }] },
    { lastUsedAt: now, version: raw('version + 1') },
  );
  if (noted === 0) return NOTHING_CHANGED;
  const link = await em.findOne(RoomLink, linkId, { populate: ['createdBy', 'v2mom'], refresh: true });
  return link ? linkChanged(link, 'updated', now) : NOTHING_CHANGED;
}

/** A screen opened with the link (its socket connected): one audit line, naming the address, and its last use as `noteRoomLinkUse` notes it. */
export async function auditRoomLinkUse(em: EntityManager, principal: RoomPrincipal, address: string, now: Date): Promise<ChangeSet> {
  return em.transactional(async (tx) => {
    const link = found(await tx.findOne(RoomLink, principal.linkId, { populate: ['v2mom'] }), 'Meeting-room link');
    recordAudit(tx, { action: 'room_link.used', actor: null, subject: subjectOf(link), after: { address } });
    await tx.flush();
    return noteRoomLinkUse(tx, link.id, now);
  });
}
