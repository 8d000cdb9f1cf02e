import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { mentionToken } from '@v2mom/contracts';
import { isGeneratedMethod, LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { readEveryMethod } from '../support/methods.ts';
import { signedInContext, startBenchApp } from './bench-support.ts';
import { commentPosters, posterOf, postFirstComment } from './comment-posters.ts';
import { measureToScreen, openWatchedPage, reportSaveToScreen } from './save-to-screen.ts';

/**
 * `npm run bench:mention-to-bells -w e2e` (part of `make bench`): how soon a comment that mentions
 * someone moves the bell's count in every tab they have open (target: p95 under 250 ms, see
 * docs/PERFORMANCE.md).
 *
 * The large organisation (backend/bench/large-org.ts): `member` has three tabs of one browser
 * context open, the Dashboard, the detail of the last method and Tasks; `admin`, `coo` and `lead`
 * post in turn, through the API from pages that run no app (comment-posters.ts), a comment on
 * the first method's thread mentioning `member`. One comment first, untimed. The figure runs from
 * the request leaving to the last of the three bells being named with the new count
 * (`Notifications, n unread`: the badge stops at 9+). BENCH_COMMENTS sets the number of comments
 * (40); BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH as in bench-support.ts.
 */

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 40);
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/mention-to-bells.json', import.meta.url));
const bellWith = (unread: number) => `button[aria-label="Notifications, ${unread} unread"]`;

async function main() {
  const app = await startBenchApp((orm) => seedLargeOrganisation(orm, LARGE_ORGANISATION));
  try {
    const posters = await commentPosters(app, COMMENTS + 1);
    const member = await signedInContext(app, 'member');
    const methods = await readEveryMethod(member.request);
    const [thread, shown] = [methods[0], methods.findLast(isGeneratedMethod)];
    if (!thread || !shown) throw new Error('The large organisation has no method');
    const me = (await (await member.request.get('/api/auth/user')).json()) as { id: number };
    const path = `/api/threads/method/${thread.id}/comments`;

    const tabs: Page[] = [];
    for (const route of ['/dashboard', `/method/${shown.id}`, '/tasks']) tabs.push(await openWatchedPage(member, route));
    const visibility = await Promise.all(tabs.map((tab) => tab.evaluate(() => document.visibilityState)));
    console.log(`Tabs: ${visibility.join(', ')}`);

    const stamp = Date.now().toString(36);
    const comment = (run: number) => `Comment ${run} ${stamp} for ${mentionToken(me.id)}`;
    await postFirstComment(posters, path, comment(-1));
    const { unread } = (await (await member.request.get('/api/notifications/unread-count')).json()) as { unread: number };
    for (const tab of tabs) await tab.locator(bellWith(unread)).first().waitFor({ state: 'attached' });

    const figures = await measureToScreen({
      viewers: tabs,
      runs: COMMENTS,
      settleMs: 150,
      step: (run) => ({
        sender: posterOf(posters, run + 1),
        method: 'POST',
        path,
        body: { text: comment(run) },
        shows: { text: '', counted: { selector: bellWith(unread + run + 1), count: 1 } },
      }),
    });
    reportSaveToScreen(app, figures, {
      bench: 'mention-to-bells',
      title: `A comment's mention reaching the bell in each of the person's three open tabs, large organisation, ${COMMENTS} comments`,
      screen: 'bell in all 3 tabs',
      action: 'comment',
      targetP95Ms: 250,
      out: OUT,
    });
  } finally {
    await app.close();
  }
}

await main();
