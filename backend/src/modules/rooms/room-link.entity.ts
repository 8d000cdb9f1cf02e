import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { now } from '../../server-clock.js';

/**
 * A meeting-room link (docs/PRODUCT.md#meeting-room-links): a read-only screen of the COO View
 * (`v2mom` null) or of one V2MOM, reached with a token of which only the SHA-256 digest is kept.
 * Never edited but to be revoked or to note its last use; each of those raises its version, so
 * an open list keeps the newest row its live events bring.
 */
const RoomLinkSchema = defineEntity({
  name: 'RoomLink',
  properties: {
    id: p.integer().primary(),
    label: p.string().length(80),
    v2mom: () => p.manyToOne(V2mom).ref().nullable().deleteRule('cascade').index(),
    /** Hex SHA-256 of the token the link carries. */
    tokenHash: p.string().length(64).unique(),
    createdAt: p.datetime().onCreate(() => now()),
    createdBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    version: p.integer().version(),
  },
});

export class RoomLink extends RoomLinkSchema.class {}
RoomLinkSchema.setClass(RoomLink);
