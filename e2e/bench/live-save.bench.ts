import { fileURLToPath } from 'node:url';
import { createV2mom, uniqueTitle } from '../support/v2mom-documents.ts';
import { signedInContext } from './bench-support.ts';
import { benchSaveToScreen, measureSaveToScreen, openWatchedPage } from './save-to-screen.ts';

/**
 * `npm run bench:live-save -w e2e` (part of `make bench`): how soon an owner's save reaches
 * another person's open screen (target: p95 under 100 ms, see docs/PERFORMANCE.md).
 *
 * Two browsers on the demo organisation: the admin has a V2MOM's detail page open, its owner
 * (`member`) saves a progress update of one of its methods from their own page, as My Methods
 * does (PUT /api/methods/{id}). Both pages are Chromium pages of one machine, so their clocks
 * (`performance.timeOrigin + performance.now()`) agree: the figure is from the moment the owner's
 * page sends the request to the moment the admin's page has the new text in its DOM (a
 * MutationObserver), whatever the path in between (event, cache update or refetch, render).
 * BENCH_SAVES sets the number of saves; BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH as in
 * bench-support.ts.
 */

const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/live-save.json', import.meta.url));

await benchSaveToScreen(async () => ({}), async (app) => {
  const admin = await signedInContext(app, 'admin');
  const description = uniqueTitle('Bench method');
  const v2mom = await createV2mom(admin.request, 'member', {
    title: uniqueTitle('Live save bench'),
    methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 40, update: 'Starting out' }],
  });
  const method = v2mom.methods[0]!;

  const viewer = await openWatchedPage(admin, `/v2mom/${v2mom.id}`);
  await viewer.getByRole('article', { name: description }).getByText('Starting out').waitFor();

  const owner = await openWatchedPage(await signedInContext(app, 'member'), `/v2mom/${v2mom.id}`);

  const figures = await measureSaveToScreen({
    owner,
    viewer,
    method,
    saves: SAVES,
    change: (run) => {
      const text = `Update ${run} ${Date.now().toString(36)}`;
      return { body: { update: text }, text };
    },
    settleMs: 150,
  });
  return { figures, report: { bench: 'live-save', title: `An owner's save reaching another person's screen, two browsers, ${SAVES} saves`, screen: 'other screen', targetP95Ms: 100, out: OUT } };
});
