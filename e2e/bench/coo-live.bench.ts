import { fileURLToPath } from 'node:url';
import { fiscalQuarterOf } from '@v2mom/contracts';
import { createV2mom, uniqueTitle } from '../support/v2mom-documents.ts';
import { benchEnv, signedInContext } from './bench-support.ts';
import { benchSaveToScreen, measureSaveToScreen, openWatchedPage } from './save-to-screen.ts';

/**
 * `npm run bench:coo-live -w e2e` (part of `make bench`): how soon an owner's change reaches the
 * COO View presented in a meeting room (target: p95 under 250 ms, see docs/PERFORMANCE.md).
 *
 * Two browsers on the demo organisation: `coo` has the COO View open in presenting mode at
 * 1920x1080; the method's owner (`member`, who owns its V2MOM) saves the goal of the quarter
 * the view shows (PUT /api/methods/{id}) from their own page; the figure runs from the owner's
 * page sending it to the presenting frame holding the new goal (save-to-screen.ts). BENCH_RUNS
 * sets the number of saves; BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH as in
 * bench-support.ts.
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/coo-live.json', import.meta.url));

await benchSaveToScreen(async () => ({}), async (app) => {
  const admin = await signedInContext(app, 'admin');
  const description = uniqueTitle('COO bench method');
  const v2mom = await createV2mom(admin.request, 'member', {
    title: uniqueTitle('COO live bench'),
    methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 40, update: 'Starting out' }],
  });
  const method = v2mom.methods[0]!;

  const coo = await openWatchedPage(await signedInContext(app, 'coo'), '/coo-view', { width: 1920, height: 1080 });
  await coo.getByRole('article', { name: description }).waitFor();
  await coo.getByRole('button', { name: 'Present' }).click();
  await coo.getByRole('dialog', { name: 'COO View, presenting' }).getByRole('article', { name: description }).waitFor();

  const owner = await openWatchedPage(await signedInContext(app, 'member'), '/dashboard');

  // The goal of the quarter the view shows first.
  const goalField = `${fiscalQuarterOf(new Date())}Goal`;
  const figures = await measureSaveToScreen({
    owner,
    viewer: coo,
    scope: 'dialog[open]',
    method,
    saves: benchEnv.runs,
    change: (run) => {
      const goal = `Goal ${run} ${Date.now().toString(36)}`;
      return { body: { [goalField]: goal }, text: goal };
    },
    settleMs: 200,
  });
  return {
    figures,
    report: { bench: 'coo-live', title: `An owner's change reaching the presented COO View, ${benchEnv.runs} saves`, screen: 'COO View (presenting)', targetP95Ms: 250, out: OUT },
  };
});
