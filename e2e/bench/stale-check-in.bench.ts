import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { fiscalYearOf } from '@v2mom/contracts';
import { LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { notifyEach } from '../../backend/src/modules/notifications/notify.ts';
import { readEveryMethod } from '../support/methods.ts';
import { signedInContext, startBenchApp } from './bench-support.ts';
import { measureToScreen, openSendingPage, openWatchedPage, reportSaveToScreen } from './save-to-screen.ts';

/**
 * `npm run bench:stale-check-in -w e2e` (part of `make bench`): how soon a check-in clears that
 * method's Stale mark on another person's open COO View and the owner's check-in reminder in every
 * tab they have open (target: p95 under 1 s, see docs/PERFORMANCE.md).
 *
 * The large organisation (backend/bench/large-org.ts), with BENCH_SAVES (40) of its COO-tracked
 * methods made stale during setup: their last check-in moved five weeks back, their V2MOM in the
 * fiscal year of today, their owner `member`, who has one unread check-in reminder for each (as
 * the rhythm's run writes them, `notifyEach`). `coo` has the COO View open, every one of them
 * marked; `member` has the Dashboard, My Methods and Tasks open, the bell counting the reminders.
 * `admin` checks each in once (PUT /api/methods/{id}, a new progress and update text) from a page
 * of the app's origin that runs no app. The figure runs from the request leaving to the last page
 * showing it: the COO View no longer holding that method's mark and each of the owner's bells
 * counting one reminder fewer (save-to-screen.ts). BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH
 * as in bench-support.ts.
 */

const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/stale-check-in.json', import.meta.url));
const STALE = Number(process.env.BENCH_SAVES ?? 40);
const OWNER = 'member';
const OWNER_TABS = ['/dashboard', '/my-methods', '/tasks'];

const markOf = (id: number) => `#coo-method-${id} [data-stale-mark]`;
const bellWith = (unread: number) => `button[aria-label="${unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}"]`;

/** The large organisation, `STALE` of its COO-tracked methods made stale and `OWNER`'s, each with its reminder; answers their ids. */
async function growWithStaleMethods(orm: Parameters<typeof seedLargeOrganisation>[0]): Promise<number[]> {
  await seedLargeOrganisation(orm, LARGE_ORGANISATION);
  const em = orm.em.fork();
  const chosen = await em.execute<Array<{ id: number; v2mom_id: number }>>(
    `select id, v2mom_id from method where for_coo_tracking and status <> 'completed' and description like 'Method %' order by id limit ${STALE}`,
  );
  const ids = chosen.map((row) => row.id).join(',');
  const [owner] = await em.execute<Array<{ id: number }>>(`select id from "user" where username = '${OWNER}'`);
  if (!owner) throw new Error(`The large organisation has no ${OWNER}`);
  await em.execute(`update method set last_check_in_at = now() - interval '5 weeks', owner_id = ${owner.id} where id in (${ids})`);
  await em.execute(`update v2mom set year = ${fiscalYearOf(new Date())} where id in (select v2mom_id from method where id in (${ids}))`);
  const periodStart = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  await notifyEach(
    em,
    'check_in_reminder',
    chosen.map((row) => ({ recipientId: owner.id, detail: { field: 'check_in', methodIds: [row.id], periodStart } })),
  );
  return chosen.map((row) => row.id);
}

const app = await startBenchApp(growWithStaleMethods);
try {
  const admin = await signedInContext(app, 'admin');
  const methods = await readEveryMethod(admin.request);
  const stale = app.grown.map((id) => {
    const method = methods.find((candidate) => candidate.id === id);
    if (!method) throw new Error(`Method ${id} is not in the list`);
    return method;
  });

  const viewer = await openWatchedPage(await signedInContext(app, 'coo'), '/coo-view');
  // Every one marked before the first check-in: a mark that never showed would be "gone" at once.
  for (const method of stale) await viewer.locator(markOf(method.id)).waitFor({ state: 'attached' });
  const owner = await signedInContext(app, OWNER);
  const { unread } = (await (await owner.request.get('/api/notifications/unread-count')).json()) as { unread: number };
  if (unread < stale.length) throw new Error(`${OWNER} has ${unread} unread notifications, fewer than the ${stale.length} reminders`);
  const tabs: Page[] = [];
  for (const route of OWNER_TABS) tabs.push(await openWatchedPage(owner, route));
  for (const tab of tabs) await tab.locator(bellWith(unread)).first().waitFor({ state: 'attached' });

  const writer = await openSendingPage(admin);
  const stamp = Date.now().toString(36);
  const figures = await measureToScreen({
    viewers: [viewer, ...tabs],
    runs: stale.length,
    settleMs: 200,
    step: (run) => {
      const method = stale[run]!;
      const bell = { text: '', counted: { selector: bellWith(unread - run - 1), count: 1 } };
      return {
        sender: writer,
        method: 'PUT',
        path: `/api/methods/${method.id}`,
        body: { version: method.version, progress: (method.progress + 1) % 101, update: `Check-in ${run} ${stamp}` },
        shows: [{ text: '', gone: markOf(method.id) }, ...tabs.map(() => bell)],
      };
    },
  });
  reportSaveToScreen(app, figures, {
    bench: 'stale-check-in',
    title: `A check-in clearing that method's Stale mark on another person's open COO View and the owner's reminder in each of their three tabs, large organisation, ${stale.length} stale methods checked in`,
    screen: 'Stale mark and reminder gone (COO View, 3 owner tabs)',
    targetP95Ms: 1000,
    out: OUT,
    action: 'check-in',
  });
} finally {
  await app.close();
}
