import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { API_PREFIX } from '@v2mom/contracts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built React app: hashed files under /assets are cached for a year, everything
 * else is revalidated, and any other GET outside /api gets index.html so client routes load.
 * The build writes a Brotli and a gzip copy beside each file (frontend/vite.config.ts), served to
 * browsers that accept them: nothing is compressed per request, so the API calls a page makes
 * while its scripts download never wait behind compression on the event loop.
 */
export function frontendRoutes(frontendDist: string): Router {
  const router = express.Router();
  const indexHtml = join(frontendDist, 'index.html');
  router.use(
    expressStaticGzip(frontendDist, {
      enableBrotli: true,
      orderPreference: ['br', 'gzip'],
      index: false,
      serveStatic: {
        setHeaders(res, path) {
          const hashed = path.startsWith(join(frontendDist, 'assets'));
          res.setHeader('Cache-Control', hashed ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
        },
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
