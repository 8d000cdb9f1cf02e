import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { TEmailStatus } from '@v2mom/contracts';
import type { EmailSettings } from './email-settings.js';
import { now } from '../../server-clock.js';

/** How long the Email tab trusts a check of the SMTP server before it asks again. */
const STATUS_FRESH_MS = 30_000;

/**
 * Short waits: a server that does not answer fails the attempt, which is retried later
 * (docs/PRODUCT.md#email), instead of holding the deliverer for nodemailer's minutes.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

type SmtpStatus = TEmailStatus['smtp'];

/** The SMTP side of email: the transport the deliverer sends through, and whether it answers. */
export interface Mailer {
  readonly settings: EmailSettings;
  /** Null without SMTP_URL: nothing is sent and every message waits in the outbox. */
  readonly transport: Transporter | null;
  /** Whether the server answers and accepts the sign-in, checked at most every 30 seconds. */
  status(): Promise<SmtpStatus>;
  close(): void;
}

/** The server an SMTP_URL names, without its user and password. */
function serverOf(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** What went wrong, in the server's or the network's words, never the address with its password. */
export function smtpErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/smtps?:\/\/[^\s@]*@/gi, 'smtp://…@').slice(0, 1000);
}

/**
 * The mailer of one server. With SMTP_URL set, it checks the server once at start-up and logs one
 * warning when it cannot connect or sign in; the server starts all the same, and messages wait
 * and are retried until it answers.
 */
export function createMailer(settings: EmailSettings, logger: Logger): Mailer {
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({ url: settings.smtpUrl, pool: true, maxConnections: Math.min(settings.ratePerSecond, 5), ...TIMEOUTS })
    : null;
  let last: { at: number; status: SmtpStatus } | undefined;
  let checking: Promise<SmtpStatus> | undefined;

  async function check(): Promise<SmtpStatus> {
    if (!transport || !settings.smtpUrl) return { configured: false };
    const server = serverOf(settings.smtpUrl);
    const checkedAt = now().toISOString();
    try {
      await transport.verify();
      return { configured: true, server, reachable: true, error: null, checkedAt };
    } catch (error) {
      return { configured: true, server, reachable: false, error: smtpErrorText(error), checkedAt };
    }
  }

  function status(): Promise<SmtpStatus> {
    if (last && Date.now() - last.at < STATUS_FRESH_MS) return Promise.resolve(last.status);
    checking ??= check()
      .then((result) => {
        last = { at: Date.now(), status: result };
        return result;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  if (settings.smtpUrl) {
    void status().then((result) => {
      if (result.configured && !result.reachable) {
        logger.warn(`SMTP_URL: cannot reach ${result.server} (${result.error}); emails wait in the outbox and are retried`);
      }
    });
  }

  return { settings, transport, status, close: () => transport?.close() };
}
