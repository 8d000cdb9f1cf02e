import { randomInt } from 'node:crypto';

/** No 0/O, 1/l/I: a temporary password is read out or copied by hand. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 16 characters of 57: about 93 bits, far beyond guessing within the sign-in throttle. */
const LENGTH = 16;

/** A temporary password (docs/PRODUCT.md#temporary-passwords-api): shown once, never stored in clear. */
export function generateTemporaryPassword(): string {
  return Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
