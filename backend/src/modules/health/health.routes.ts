import express, { type Router } from 'express';
import type { THealth } from '@v2mom/contracts';
import type { Database } from '../../db/database.js';

export function healthRoutes(database: Database, startedAt: number): Router {
  const router = express.Router();
  router.get('/', async (req, res) => {
    const started = performance.now();
    let ok = true;
    try {
      await database.orm.em.getConnection().execute('select 1');
    } catch (error) {
      ok = false;
      req.log.warn({ err: error }, 'Health check: database unreachable');
    }
    const body: THealth = {
      status: ok ? 'ok' : 'degraded',
      database: { ok, driver: database.driver, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
    res.status(ok ? 200 : 503).json(body);
  });
  return router;
}
