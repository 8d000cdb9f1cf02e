import { createHmac } from 'node:crypto';
import type { Env } from '../../env.js';

/** How email goes out (docs/PRODUCT.md#email), read once from the environment. */
export interface EmailSettings {
  /** Unset: nothing is sent and every message waits in the outbox. */
  smtpUrl: string | undefined;
  from: string;
  ratePerSecond: number;
  /** The absolute address every link of an email starts with, without a trailing slash. */
  appUrl: string;
  /** Signs the unsubscribe links, so a link names only the person and kind it was made for. */
  unsubscribeKey: Buffer;
}

/**
 * Links need an absolute address: PUBLIC_URL, or where this server listens on this machine
 * (development and `make start`, where the browser reading the outbox is on the same machine).
 */
export function emailSettingsFrom(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_RATE_PER_SECOND' | 'PUBLIC_URL' | 'PORT' | 'SESSION_SECRET'>): EmailSettings {
  return {
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    ratePerSecond: env.MAIL_RATE_PER_SECOND,
    appUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    // Its own key, derived from the session secret: changing SESSION_SECRET also retires the links.
    unsubscribeKey: createHmac('sha256', env.SESSION_SECRET).update('email unsubscribe links').digest(),
  };
}

/** The name the sender goes by (`V2MOM Tracker` of `V2MOM Tracker <no-reply@…>`), shown atop every email. */
export function senderName(from: string): string {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1]?.trim();
  return name || 'V2MOM Tracker';
}

/** The domain of the sender's address, which the Message-IDs of its emails carry. */
export function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}
