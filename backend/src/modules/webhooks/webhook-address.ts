import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../http/app-error.js';

/**
 * Where a webhook may point (docs/SECURITY.md#webhooks): not at this machine, the company's
 * private network or a cloud's metadata service, unless WEBHOOK_ALLOW_PRIVATE says so. Checked
 * when a URL is saved and again at every delivery, on the address the connection really uses,
 * so a name that resolves elsewhere later (DNS rebinding) is refused too.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** An IPv6 address that carries an IPv4 one (`::ffff:127.0.0.1`) is judged by the IPv4 one. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? null;
}

export function isPrivateAddress(address: string): boolean {
  const v4 = mappedIpv4(address);
  if (v4) return PRIVATE.check(v4, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_ADDRESS_REFUSED = 'The URL points at a loopback, private or link-local address, which webhooks may not reach';

/** The host of a URL as DNS and the address checks take it (IPv6 without its brackets). */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');

const refused = (message: string) => new AppError('bad_request', message, { fieldErrors: { url: [message] } });

/** At save: every address the URL's host resolves to must be a public one (400 otherwise). */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw refused(`The URL's host ${host} does not resolve`);
  }
  if (addresses.some(isPrivateAddress)) throw refused(PRIVATE_ADDRESS_REFUSED);
}

/**
 * At delivery: the connection's own lookup, which refuses a private address as it resolves it, so
 * what was checked is what is reached.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true, verbatim: true })
      .then((entries) => {
        const allowed = allowPrivate ? entries : entries.filter((entry) => !isPrivateAddress(entry.address));
        if (allowed.length === 0) {
          callback(Object.assign(new Error(PRIVATE_ADDRESS_REFUSED), { code: 'EPRIVATE' }), '', 0);
          return;
        }
        if (options.all) callback(null, allowed);
        else callback(null, allowed[0]!.address, allowed[0]!.family);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}
