import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { LOGIN_WIRE_BUDGET_BYTES, measureTransfers, wireBytes } from '../support/wire-size.ts';
import { describeMachine, startBenchApp } from './bench-support.ts';

/**
 * `npm run bench:bundle-sizes -w e2e` (part of `make bench`, after `make build`): what a browser
 * downloads. Chromium opens /login with an empty cache from the built server (bench-support.ts) and
 * the bytes on the wire are summed as the functional test does (support/wire-size.ts; target
 * under 130,000). For the JavaScript and CSS that visit loaded, the sizes of the build's Brotli
 * and gzip copies in frontend/dist (what the server sends to browsers that accept them) and of the
 * files themselves; and the whole of frontend/dist, without and with the compressed copies.
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/bundle-sizes.json', import.meta.url));
const DIST = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const COMPRESSED_COPY = /\.(br|gz)$/;

const sizeOf = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function main() {
  const app = await startBenchApp(async () => ({}));
  try {
    const context = await app.browser.newContext({ baseURL: app.baseUrl });
    const page = await context.newPage();
    const transfers = await measureTransfers(page, '/login', (loaded) => loaded.getByRole('button', { name: 'Log in' }).waitFor());
    await context.close();

    // The scripts and styles /login loaded, as the build wrote them.
    const assets = transfers.map((transfer) => new URL(transfer.url).pathname).filter((path) => /\.(js|css)$/.test(path));
    const sum = (suffix: string) => assets.reduce((total, path) => total + sizeOf(join(DIST, `${path}${suffix}`)), 0);
    const [plain, brotli, gzip] = [sum(''), sum('.br'), sum('.gz')];
    const files = filesUnder(DIST);
    const distBytes = files.filter((path) => !COMPRESSED_COPY.test(path)).reduce((total, path) => total + sizeOf(path), 0);
    const distWithCopies = files.reduce((total, path) => total + sizeOf(path), 0);
    const wire = wireBytes(transfers);

    console.log(`\nMachine: ${describeMachine(app.browser)}\n`);
    console.log('| /login on the wire (responses) | /login JS + CSS: files / Brotli / gzip | frontend/dist / with compressed copies |');
    console.log('|---:|---:|---:|');
    console.log(`| ${wire} B (${transfers.length}) | ${plain} / ${brotli} / ${gzip} B (${assets.length} files) | ${distBytes} / ${distWithCopies} B |`);
    writeBenchResults(OUT, {
      bench: 'bundle-sizes',
      title: 'What a browser downloads: /login on an empty cache in Chromium, and the built frontend',
      figures: [
        below('/login on an empty cache, response bodies on the wire (Chromium)', wire, 'bytes', LOGIN_WIRE_BUDGET_BYTES),
        reported('/login on an empty cache, responses', transfers.length, 'count'),
        reported('/login JavaScript and CSS, Brotli copies', brotli, 'bytes'),
        reported('/login JavaScript and CSS, gzip copies', gzip, 'bytes'),
        reported('/login JavaScript and CSS, uncompressed', plain, 'bytes'),
        reported('frontend/dist, without the compressed copies', distBytes, 'bytes'),
      ],
      machine: describeMachine(app.browser),
      distWithCopies,
      transfers,
    });
  } finally {
    await app.close();
  }
}

await main();
