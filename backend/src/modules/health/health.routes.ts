import { API_ENDPOINTS, type THealth } from '@v2mom/contracts';
import type { Database } from '../../db/database.js';
import { isDatabaseUnavailable } from '../../db/database-unavailable.js';
import { route, type ApiRouter } from '../../http/route.js';
import { writeRows } from '../read-db.js';

type DatabaseProblem = NonNullable<THealth['database']['problem']>;

export function healthRoutes(router: ApiRouter, database: Database, startedAt: number): void {
  route(router, API_ENDPOINTS.getHealth, async ({ log, reply }) => {
    const started = performance.now();
    let problem: DatabaseProblem | undefined;
    try {
      // On the primary, which every write needs.
      await writeRows(database.orm.em, (db) => db.selectNoFrom((eb) => eb.lit(1).as('up')));
    } catch (error) {
      problem = isDatabaseUnavailable(error) ? 'unreachable' : 'failing';
      log.warn({ err: error }, `Health check: database ${problem}`);
    }
    const ok = problem === undefined;
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const health: THealth = {
      status: ok ? 'ok' : 'degraded',
      database: { ok, driver: database.driver, latencyMs, ...(problem ? { problem } : {}) },
      ...(database.replica ? { replica: { ok: await database.replica.answers() } } : {}),
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
    return ok ? health : reply(503, health);
  });
}
