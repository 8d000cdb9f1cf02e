import { fileURLToPath } from 'node:url';
import { fiscalYearOf } from '@v2mom/contracts';
import { LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { signedInContext, startBenchApp } from './bench-support.ts';
import { measureToScreen, openWatchedPage, reportSaveToScreen } from './save-to-screen.ts';

/**
 * `npm run bench:stale-check-in -w e2e` (part of `make bench`): how soon a check-in clears that
 * method's Stale mark on another person's open COO View (target: p95 under 1 s, see
 * docs/PERFORMANCE.md).
 *
 * The large organisation (backend/bench/large-org.ts), with BENCH_SAVES (40) of its COO-tracked
 * methods made stale during setup: their last check-in moved five weeks back, their V2MOM in the
 * fiscal year of today. `coo` has the COO View open, every one of them marked; `admin` checks each
 * in once (PUT /api/methods/{id}, a new progress and update text) from a page of the app's origin
 * that runs no app. The figure runs from the request leaving to the viewer's page no longer
 * holding that method's mark (save-to-screen.ts). BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH
 * as in bench-support.ts.
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/stale-check-in.json', import.meta.url));
const STALE = Number(process.env.BENCH_SAVES ?? 40);

const markOf = (id: number) => `#coo-method-${id} [data-stale-mark]`;

/** The large organisation, `STALE` of its COO-tracked methods made stale; answers their ids. */
async function growWithStaleMethods(orm: Parameters<typeof seedLargeOrganisation>[0]): Promise<number[]> {
  await seedLargeOrganisation(orm, LARGE_ORGANISATION);
  const em = orm.em.fork();
  const chosen = await em.execute<Array<{ id: number }>>(
    `select id from method where for_coo_tracking and status <> 'completed' and description like 'Method %' order by id limit ${STALE}`,
  );
  const ids = chosen.map((row) => row.id).join(',');
  await em.execute(`update method set last_check_in_at = now() - interval '5 weeks' where id in (${ids})`);
  await em.execute(`update v2mom set year = ${fiscalYearOf(new Date())} where id in (select v2mom_id from method where id in (${ids}))`);
  return chosen.map((row) => row.id);
}

const app = await startBenchApp(growWithStaleMethods);
try {
  const admin = await signedInContext(app, 'admin');
  const methods = (await (await admin.request.get('/api/methods/all')).json()) as Array<{ id: number; version: number; progress: number }>;
  const stale = app.grown.map((id) => {
    const method = methods.find((candidate) => candidate.id === id);
    if (!method) throw new Error(`Method ${id} is not in the list`);
    return method;
  });

  const viewer = await openWatchedPage(await signedInContext(app, 'coo'), '/coo-view');
  // Every one marked before the first check-in: a mark that never showed would be "gone" at once.
  for (const method of stale) await viewer.locator(markOf(method.id)).waitFor({ state: 'attached' });

  const writer = await openWatchedPage(admin, '/api/health');
  const stamp = Date.now().toString(36);
  const figures = await measureToScreen({
    viewers: [viewer],
    runs: stale.length,
    settleMs: 200,
    step: (run) => {
      const method = stale[run]!;
      return {
        sender: writer,
        method: 'PUT',
        path: `/api/methods/${method.id}`,
        body: { version: method.version, progress: (method.progress + 1) % 101, update: `Check-in ${run} ${stamp}` },
        shows: { text: '', gone: markOf(method.id) },
      };
    },
  });
  reportSaveToScreen(app, figures, {
    bench: 'stale-check-in',
    title: `A check-in clearing that method's Stale mark on another person's open COO View, large organisation, ${stale.length} stale methods checked in`,
    screen: 'Stale mark gone (COO View)',
    targetP95Ms: 1000,
    out: OUT,
    action: 'check-in',
  });
} finally {
  await app.close();
}
