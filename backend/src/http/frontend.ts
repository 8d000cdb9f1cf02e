import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import compression from 'compression';
import express, { type RequestHandler, type Router } from 'express';
import { API_PREFIX } from '@v2mom/contracts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
const gzipAsync = promisify(gzip);
/** The build's hashed file names: one flat folder, so nothing else (no `..`) can match. */
const HASHED_ASSET = /^\/[\w.-]+\.(?:js|css)$/;

/**
 * A hashed file never changes, so each is gzipped once, on its first request, and kept in memory
 * (the whole build is about 300 KB gzipped). Compressing every chunk again for every visitor with
 * an empty cache cost the server tens of milliseconds per visit, which the API calls made during
 * the page's load waited behind.
 */
function gzippedAssets(assetsDir: string): RequestHandler {
  const bodies = new Map<string, Promise<Buffer>>();
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !HASHED_ASSET.test(req.path) || !req.acceptsEncodings('gzip')) return next();
    let body = bodies.get(req.path);
    if (!body) {
      body = readFile(join(assetsDir, req.path)).then((content) => gzipAsync(content));
      bodies.set(req.path, body);
    }
    body.then(
      (gzipped) => {
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Content-Length', gzipped.length);
        res.type(extname(req.path));
        res.end(req.method === 'HEAD' ? undefined : gzipped);
      },
      () => {
        bodies.delete(req.path); // not in this build: static answers (404)
        next();
      },
    );
  };
}

/**
 * Serves the built React app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and any other GET outside /api gets index.html so client routes load.
 * Gzipped for browsers that ask (about 650 KB of JavaScript becomes about 200 KB); each hashed
 * file is compressed once per server (gzippedAssets), and browsers keep it for a year.
 */
export function frontendRoutes(frontendDist: string): Router {
  const router = express.Router();
  router.use('/assets', gzippedAssets(join(frontendDist, 'assets')));
  router.use(compression());
  const indexHtml = join(frontendDist, 'index.html');
  router.use(
    express.static(frontendDist, {
      index: false,
      setHeaders(res, path) {
        const hashed = path.startsWith(join(frontendDist, 'assets'));
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
      },
    }),
  );
  router.get(new RegExp(`^(?!${API_PREFIX}(/|$)).*`), (_req, res) => {
    if (!existsSync(indexHtml)) {
      res
        .status(503)
        .type('text/plain')
        .send('The frontend is not built yet. Run `npm run build -w frontend` (or `make start`) and reload.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
