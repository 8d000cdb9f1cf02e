import { fileURLToPath } from 'node:url';
import { isGeneratedMethod, LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { readEveryMethod } from '../support/methods.ts';
import { signedInContext, startBenchApp } from './bench-support.ts';
import { measureSaveToScreen, openSendingPage, reportSaveToScreen, SAVE_TO_SCREEN_HELPERS } from './save-to-screen.ts';

/**
 * `npm run bench:method-check-in -w e2e` (part of `make bench`): how soon a check-in reaches the
 * chart and the check-in list of another person's open method detail (target: p95 under 150 ms,
 * see docs/PERFORMANCE.md).
 *
 * The large organisation (backend/bench/large-org.ts): `member` has the detail of its last method
 * open (`/method/{id}`, the year of weekly check-ins on its chart) with `Check-ins (n)` opened;
 * `admin` records a check-in of it through the API (PUT /api/methods/{id}, a new progress and
 * update text) from a page of the app's origin that runs no app, so the browser renders only the
 * viewer's page. The figure runs from the request leaving to the viewer's page holding both the
 * new row (its update text in the list) and the new point (one more on the chart)
 * (save-to-screen.ts). BENCH_SAVES sets the number of check-ins; BENCH_DATABASE_URL and
 * PLAYWRIGHT_CHROMIUM_PATH as in bench-support.ts.
 */

const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/method-check-in.json', import.meta.url));
const POINTS = '[data-testid="progress-chart"] svg circle';
const CHECK_IN_LIST = 'details[open]';

async function main() {
  const app = await startBenchApp((orm) => seedLargeOrganisation(orm, LARGE_ORGANISATION));
  try {
    const admin = await signedInContext(app, 'admin');
    const method = (await readEveryMethod(admin.request)).findLast(isGeneratedMethod);
    if (!method) throw new Error('The large organisation has no method');

    const viewer = await (await signedInContext(app, 'member')).newPage();
    await viewer.addInitScript(SAVE_TO_SCREEN_HELPERS);
    await viewer.goto(`/method/${method.id}`);
    await viewer.locator('[data-live="online"]').waitFor({ state: 'attached' });
    await viewer.locator(POINTS).first().waitFor();
    await viewer.getByText(/^Check-ins \(\d+\)$/).click();
    await viewer.locator(`${CHECK_IN_LIST} li`).first().waitFor();
    // The update text must be looked for in the list alone: the method's Latest Update shows it too.
    if ((await viewer.locator(CHECK_IN_LIST).count()) !== 1) throw new Error(`Expected one open ${CHECK_IN_LIST}, the check-in list`);
    const pointsBefore = await viewer.locator(POINTS).count();

    const writer = await openSendingPage(admin);

    const stamp = Date.now().toString(36);
    const figures = await measureSaveToScreen({
      owner: writer,
      viewer,
      scope: CHECK_IN_LIST,
      method,
      saves: SAVES,
      change: (run) => {
        const text = `Check-in ${run} ${stamp}`;
        return { body: { progress: (method.progress + run + 1) % 101, update: text }, text, counted: { selector: POINTS, count: pointsBefore + run + 1 } };
      },
      settleMs: 150,
    });
    reportSaveToScreen(app, figures, {
      bench: 'method-check-in',
      title: `A check-in reaching another person's open method detail (chart and check-ins), large organisation, ${SAVES} check-ins`,
      screen: 'method detail (point and row)',
      targetP95Ms: 150,
      out: OUT,
    });
  } finally {
    await app.close();
  }
}

await main();
