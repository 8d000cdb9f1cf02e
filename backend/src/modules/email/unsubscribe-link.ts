import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type TEmailKind } from '@v2mom/contracts';

/**
 * The one-click unsubscribe link (docs/PRODUCT.md#email-unsubscribe): `{userId}.{kind}.{signature}`,
 * signed with the server's key, so it works without a session and only for the person and the
 * kind it names. It never expires: an email read months later still unsubscribes.
 */

function signature(key: Buffer, userId: number, kind: TEmailKind): string {
  return createHmac('sha256', key).update(`${userId}.${kind}`).digest('base64url');
}

export function unsubscribeToken(key: Buffer, userId: number, kind: TEmailKind): string {
  return `${userId}.${kind}.${signature(key, userId, kind)}`;
}

/** The person and kind a token names, or null when its signature does not hold. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: number; kind: TEmailKind } | null {
  const [id, kind, given] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || given === undefined || !(EMAIL_KINDS as readonly string[]).includes(kind ?? '')) return null;
  const expected = Buffer.from(signature(key, userId, kind as TEmailKind));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received) ? { userId, kind: kind as TEmailKind } : null;
}
