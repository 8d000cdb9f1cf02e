import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { API_PREFIX, AUTH_PATHS, SSO_BROWSER_PATHS } from '@v2mom/contracts/paths';
import { defaultClientConditions, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

const API_TARGET = 'http://localhost:3000';
const PAGE_DATA = /src\/app\/page-data\.ts$/;
const AREA_ROUTE_TABLE = /contracts\/src\/(?!auth\/|rooms\/)[\w-]+\/[\w-]+\.paths\.ts$/;

/**
 * Every route starts by asking who is signed in (features/auth/api/who-is-signed-in.ts):
 * index.html asks for the user before the app's scripts load, with the same URL, mode and
 * credentials as that fetch, which then uses the answer. It comes first in <head>: behind the
 * entry's dozen module preloads waited for one of the browser's six connections (HTTP/1.1)
 * (docs/PERFORMANCE.md, "The data-heavy screens").
 */
function preloadSignedInUser(): Plugin {
  return {
    name: 'v2mom-preload-signed-in-user',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'preload', href: AUTH_PATHS.getCurrentUser.path, as: 'fetch', crossorigin: 'use-credentials' },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  // A Brotli and a gzip copy of each built file at the highest quality (time is spent once, at
  // build), which the server sends as they are.
  plugins: [
    react(),
    preloadSignedInUser(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      // From 256 bytes up a copy saves more body than the `Content-Encoding` and `Vary` headers it
      // adds (about 45 bytes); the plugin writes none that is not smaller than its file.
      threshold: 256,
    }),
  ],
  // `source` resolves @v2mom/contracts to its TypeScript source, so no contracts build is needed.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    port: 5173,
    proxy: {
      [API_PREFIX]: { target: API_TARGET, changeOrigin: false },
      // Single sign-on's browser steps answer with redirects from the server (docs/PRODUCT.md#single-sign-on).
      [SSO_BROWSER_PATHS.prefix]: { target: API_TARGET, changeOrigin: false },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    // The bundle-size test reads the manifest to find what the login route loads.
    manifest: true,
    // The server's CSP is script-src 'self': never inline a module preload polyfill or a script.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    // Small modules every route loads at start (query keys, theme, session, access rules, the
    // statuses every list and page's first queries name, the login form's pieces, Vite's helper
    // that preloads a lazy route's files): one chunk instead of a dozen saves /login each file's
    // framing on the wire (docs/PERFORMANCE.md, what a first visit downloads). Left to itself the helper lands in whichever chunk shares it first, and
    // /login downloaded that chunk for it.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'startup',
              test: /src\/lib\/(query-keys\/|live\/live-state|theme\/)|src\/features\/auth\/api\/get-(session|user)|contracts\/src\/auth\/(access|roles)|contracts\/src\/common\/work-status|src\/components\/ui\/(field|brand-mark|icons)\.|vite\/preload-helper/,
            },
            // What the team screens mark stale methods with before the calendar's code arrives:
            // one request instead of five on each of their first loads.
            {
              name: 'stale-marks',
              test: /src\/components\/(stale-marks|ui\/stale-badge|ui\/switch)\.|src\/features\/rhythm\/(hooks\/use-|api\/get-rhythm)/,
            },
            // What app/page-data.ts starts a page's queries with: one request instead of seven, so
            // the queries leave before the page's own chunks fill the browser's connections. With
            // them the API's route tables of every area but sign-in's (the session check's, in
            // `startup`) and the rooms' (beside the room page's path, which the router names):
            // /login never downloads them, and a signed-in page gets them all at once (under 2 KB)
            // instead of a few hundred bytes in a file of its own for each area it calls.
            {
              name: (id, ctx) =>
                AREA_ROUTE_TABLE.test(id) || ctx.getModuleInfo(id)?.importers.some((importer) => PAGE_DATA.test(importer)) ? 'page-requests' : null,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    css: false,
    // A whole screen's test starts by transforming the route's lazy chunks; on a two-core machine
    // shared with other work (a load of 14) that first render alone has taken over 30 seconds. No
    // test measures time: a limit only stops one that is stuck, so it is set for the slowest
    // machine, not the fastest (test/setup.ts sets the waits' limit, half of this).
    testTimeout: 120_000,
    // One file per core; Vitest's default leaves one free, which on two cores runs one file at a time.
    maxWorkers: '100%',
  },
});
