import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express, { type Router } from 'express';
import { API_PREFIX } from '@v2mom/contracts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built React app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and any other GET outside /api gets index.html so client routes load.
 * Gzipped for browsers that ask (about 650 KB of JavaScript becomes about 200 KB); each hashed
 * file is compressed once per browser, which then keeps it for a year.
 */
export function frontendRoutes(frontendDist: string): Router {
  const router = express.Router();
  router.use(compression());
  const indexHtml = join(frontendDist, 'index.html');
  router.use(
    express.static(frontendDist, {
      index: false,
      setHeaders(res, path) {
        const hashed = path.startsWith(join(frontendDist, 'assets'));
        res.setHeader('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
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
