import { existsSync, readdirSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { API_PREFIX, ROOM_PAGE_PATH } from '@v2mom/contracts';
import { ASSETS_PATH } from './security.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The copies the build writes beside a file (frontend/vite.config.ts), best first. */
const PRECOMPRESSED = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

/**
 * Points a request for a built file at its Brotli or gzip copy when the browser accepts one, with
 * the original's content type and `Vary: Accept-Encoding`. The files are listed once, at start, as
 * the build left them. (express-static-gzip did this until a name containing "br" before its
 * extension, such as styled-components.browser.esm-….js, lost its Brotli copy.)
 */
function precompressedCopies(frontendDist: string): RequestHandler {
  const files = new Set(existsSync(frontendDist) ? readdirSync(frontendDist, { recursive: true, encoding: 'utf8' }).map((file) => `/${file.split(sep).join('/')}`) : []);
  return (req, res, next) => {
    const copies = PRECOMPRESSED.filter(({ extension }) => files.has(req.path + extension));
    if (copies.length === 0) return next();
    res.vary('Accept-Encoding');
    // Ours is the order of preference: the smallest copy the browser accepts at all.
    const copy = copies.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    if (!copy) return next();
    res.type(extname(req.path));
    res.setHeader('Content-Encoding', copy.encoding);
    const query = req.url.indexOf('?');
    req.url = req.path + copy.extension + (query === -1 ? '' : req.url.slice(query));
    next();
  };
}

/**
 * Serves the built React app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and any other GET outside /api gets index.html so client routes load.
 * A hashed file never changes, so it carries no validator (ETag, Last-Modified) a cache would
 * never send back; the others carry an ETag. A file missing under /assets is a 404, never the
 * page, so a stale tab's old script fails as one and no page goes out with a file's headers.
 * The build writes a Brotli and a gzip copy beside each file, served to browsers that accept
 * them: nothing is compressed per request, so the API calls a page makes while its scripts
 * download never wait behind compression on the event loop.
 */
export function frontendRoutes(frontendDist: string): Router {
  const router = express.Router();
  const indexHtml = join(frontendDist, 'index.html');
  const hashedFiles = express.static(frontendDist, {
    index: false,
    etag: false,
    lastModified: false,
    setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`),
  });
  const otherFiles = express.static(frontendDist, {
    index: false,
    lastModified: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });
  const serveBuiltFile = [
    precompressedCopies(frontendDist),
    ((req, res, next) => (req.path.startsWith(ASSETS_PATH) ? hashedFiles : otherFiles)(req, res, next)) satisfies RequestHandler,
  ];
  const toIndexHtml: RequestHandler = (req, res, next) => {
    if (req.path.startsWith(ASSETS_PATH)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (!existsSync(indexHtml)) {
      res
        .status(503)
        .type('text/plain')
        .send('The frontend is not built yet. Run `npm run build -w frontend` (or `make start`) and reload.');
      return;
    }
    // A meeting room's screen is for that room alone: no index, no archive (docs/PRODUCT.md#meeting-room-links).
    if (req.path === ROOM_PAGE_PATH) res.setHeader('X-Robots-Tag', 'noindex, nofollow, noarchive');
    // The page every client route loads, compressed like the files it names.
    req.url = '/index.html';
    next();
  };
  router.use(serveBuiltFile);
  router.get(new RegExp(`^(?!${API_PREFIX}(/|$)).*`), toIndexHtml, serveBuiltFile);
  return router;
}
