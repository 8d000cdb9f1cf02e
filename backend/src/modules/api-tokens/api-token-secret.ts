import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@v2mom/contracts';

/**
 * A token's secret: the prefix and 32 random bytes, base64url. With 256 bits of entropy a fast,
 * unsalted SHA-256 digest protects it as well as a slow password hash would, and lets each
 * request find its token by an index lookup (docs/SECURITY.md#api-tokens).
 */
export function newApiTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function apiTokenSecretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** What lists show of a secret: the prefix and the next four characters. */
export function apiTokenHint(secret: string): string {
  return secret.slice(0, API_TOKEN_PREFIX.length + 4);
}

/** A secret as newApiTokenSecret writes it; nothing else is looked up. */
export const API_TOKEN_SECRET_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** Whether a bearer token is meant as a personal access token (rather than a meeting-room link's). */
export const isApiTokenSecret = (token: string) => token.startsWith(API_TOKEN_PREFIX);
