import { fileURLToPath } from 'node:url';
import type { TStartNextYear, TV2momComplete } from '@v2mom/contracts';
import { LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { signedInContext, startBenchApp } from './bench-support.ts';
import { measureToScreen, openSendingPage, openWatchedPage, reportSaveToScreen } from './save-to-screen.ts';

/**
 * `npm run bench:rollover-to-screen -w e2e` (part of `make bench`): how soon starting next year
 * shows the new V2MOM on another person's open Team V2MOMs (target: p95 under 1 s, see
 * docs/PERFORMANCE.md, "Starting next year").
 *
 * The large organisation (backend/bench/large-org.ts), with BENCH_SAVES (20) V2MOMs of `member`
 * added, each of a year of its own with ten methods. `lead` has Team V2MOMs open; `admin` starts
 * next year from each once (POST /api/v2moms/{id}/next-year, every method carried) from a page of
 * the app's origin that runs no app. The figure runs from the request leaving to the viewer's page
 * showing the new V2MOM's title (save-to-screen.ts). BENCH_DATABASE_URL and
 * PLAYWRIGHT_CHROMIUM_PATH as in bench-support.ts.
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/rollover-to-screen.json', import.meta.url));
const RUNS = Number(process.env.BENCH_SAVES ?? 20);
const FIRST_YEAR = 2050;
const titleOf = (run: number, year: number) => `Rollover bench ${run} ${year}`;

/** The large organisation and `RUNS` V2MOMs of `member`, ten methods each; answers their ids. */
async function growWithV2moms(orm: Parameters<typeof seedLargeOrganisation>[0]): Promise<number[]> {
  await seedLargeOrganisation(orm, LARGE_ORGANISATION);
  const em = orm.em.fork();
  const ids: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Every other year: each V2MOM's next year must be free of its owner's other V2MOMs.
    const year = FIRST_YEAR + 2 * run;
    const [row] = await em.execute<Array<{ id: number }>>(
      `insert into v2mom (version, created_at, updated_at, title, year, quarter, status, vision, overall_progress, owner_id)
       values (1, now(), now(), ?, ?, 'q1', 'in_progress', 'A vision', 30, (select id from "user" where username = 'member')) returning id`,
      [titleOf(run, year), year],
    );
    const id = row?.id ?? 0;
    await em.execute(
      `insert into method (version, created_at, updated_at, v2mom_id, description, owner_id, progress, status, position, update_count, for_coo_tracking)
       select 1, now(), now(), ?, 'Rollover method ' || g, (select owner_id from v2mom where id = ?), 30, 'in_progress', g, 0, false from generate_series(0, 9) g`,
      [id, id],
    );
    ids.push(id);
  }
  return ids;
}

const app = await startBenchApp(growWithV2moms);
try {
  const admin = await signedInContext(app, 'admin');
  const documents = await Promise.all(app.grown.map(async (id) => (await (await admin.request.get(`/api/v2moms/${id}/complete`)).json()) as TV2momComplete));
  const viewer = await openWatchedPage(await signedInContext(app, 'lead'), '/team-v2moms');
  const writer = await openSendingPage(admin);
  const figures = await measureToScreen({
    viewers: [viewer],
    runs: documents.length,
    settleMs: 200,
    step: (run) => {
      const document = documents[run]!;
      const body: TStartNextYear = { year: document.year + 1, vision: document.vision, values: [], methods: document.methods.map((method) => ({ methodId: method.id, choice: 'carry' })) };
      return { sender: writer, method: 'POST', path: `/api/v2moms/${document.id}/next-year`, body, shows: { text: titleOf(run, document.year + 1) } };
    },
  });
  reportSaveToScreen(app, figures, {
    bench: 'rollover-to-screen',
    title: `Starting next year showing the new V2MOM on another person's open Team V2MOMs, large organisation, ${figures.saves} V2MOMs of ten methods carried`,
    screen: 'new V2MOM on Team V2MOMs',
    targetP95Ms: 1000,
    out: OUT,
    action: 'rollover',
  });
} finally {
  await app.close();
}
