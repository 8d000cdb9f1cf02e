import { createHash, randomBytes } from 'node:crypto';

/**
 * A link's token: 32 random bytes, base64url. Its digest is what the database keeps. With 256
 * bits of entropy nobody can guess a token or search for one from its digest, so a fast, unsalted
 * SHA-256 protects it as well as a slow password hash would, and lets a request find its link by
 * an index lookup (docs/SECURITY.md#meeting-room-links).
 */
export function newRoomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function roomTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as newRoomToken writes it: 43 base64url characters, nothing else is looked up. */
export const ROOM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
