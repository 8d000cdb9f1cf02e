import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:{port}` */
  url: string;
  /** Every message the server accepted, parsed, in the order it arrived. */
  received: ParsedMail[];
  /** Messages refused so far. */
  refused: number;
  /** Resolves once `count` messages have been accepted. */
  receivedCount(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /** Answers the n-th message (0-based, counting refused ones) with this SMTP error, or accepts it (null). */
  answer?: (n: number) => { code: number; message: string } | null;
}

/** A real SMTP server on a free local port, as a mail provider would run one; no sign-in, no TLS. */
export async function startSmtpTestServer({ answer = () => null }: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  const waiters: Array<{ count: number; resolve: (mail: ParsedMail[]) => void }> = [];
  let seen = 0;
  const state = { refused: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const refusal = answer(seen++);
      simpleParser(stream)
        .then((mail) => {
          if (refusal) {
            state.refused += 1;
            return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          }
          received.push(mail);
          for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) waiter.resolve([...received]);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return state.refused;
    },
    receivedCount: (count) =>
      received.length >= count ? Promise.resolve([...received]) : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
