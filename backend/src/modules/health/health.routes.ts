import { API_ENDPOINTS, type THealth } from '@v2mom/contracts';
import type { Database } from '../../db/database.js';
import { route, type ApiRouter } from '../../http/route.js';

export function healthRoutes(router: ApiRouter, database: Database, startedAt: number): void {
  route(router, API_ENDPOINTS.getHealth, async ({ log, reply }) => {
    const started = performance.now();
    let ok = true;
    try {
      await database.orm.em.getConnection().execute('select 1');
    } catch (error) {
      ok = false;
      log.warn({ err: error }, 'Health check: database unreachable');
    }
    const health: THealth = {
      status: ok ? 'ok' : 'degraded',
      database: { ok, driver: database.driver, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
    return ok ? health : reply(503, health);
  });
}
