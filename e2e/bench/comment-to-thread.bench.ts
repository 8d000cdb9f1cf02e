import { fileURLToPath } from 'node:url';
import { isGeneratedMethod, LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { readEveryMethod } from '../support/methods.ts';
import { signedInContext, startBenchApp } from './bench-support.ts';
import { commentPosters, posterOf, postFirstComment } from './comment-posters.ts';
import { measureToScreen, openWatchedPage, reportSaveToScreen } from './save-to-screen.ts';

/**
 * `npm run bench:comment-to-thread -w e2e` (part of `make bench`): how soon a comment reaches
 * another person's open thread (target: p95 under 150 ms, see docs/PERFORMANCE.md).
 *
 * The large organisation (backend/bench/large-org.ts): `member` has the detail of its last method
 * open (`/method/{id}`, its chart and its Comments section); `admin`, `coo` and `lead` post on that
 * method's thread in turn through the API (POST /api/threads/method/{id}/comments) from pages of
 * the app's origin that run no app (comment-posters.ts). One comment first, untimed, so the thread
 * has its list. The figure runs from the request leaving to the comment's text being in the
 * member's list of comments (save-to-screen.ts). BENCH_COMMENTS sets the number of comments (40,
 * at most what the posters may post in a minute less the first); BENCH_DATABASE_URL and
 * PLAYWRIGHT_CHROMIUM_PATH as in bench-support.ts.
 */

const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 40);
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/comment-to-thread.json', import.meta.url));
const LIST = 'ol[aria-label="Comments"]';

async function main() {
  const app = await startBenchApp((orm) => seedLargeOrganisation(orm, LARGE_ORGANISATION));
  try {
    const posters = await commentPosters(app, COMMENTS + 1);
    const admin = await signedInContext(app, 'admin');
    const method = (await readEveryMethod(admin.request)).findLast(isGeneratedMethod);
    if (!method) throw new Error('The large organisation has no method');
    const path = `/api/threads/method/${method.id}/comments`;

    const viewer = await openWatchedPage(await signedInContext(app, 'member'), `/method/${method.id}`);
    await viewer.getByRole('textbox', { name: 'Write a comment' }).waitFor();

    const stamp = Date.now().toString(36);
    const comment = (run: number) => `Comment ${run} ${stamp}`;
    await postFirstComment(posters, path, comment(-1));
    await viewer.locator(LIST).getByText(comment(-1)).waitFor();

    const figures = await measureToScreen({
      viewers: [viewer],
      runs: COMMENTS,
      settleMs: 150,
      step: (run) => ({ sender: posterOf(posters, run + 1), method: 'POST', path, body: { text: comment(run) }, shows: { text: comment(run), scope: LIST } }),
    });
    reportSaveToScreen(app, figures, {
      bench: 'comment-to-thread',
      title: `A comment reaching another person's open thread (method detail), large organisation, ${COMMENTS} comments`,
      screen: 'open thread',
      action: 'comment',
      targetP95Ms: 150,
      out: OUT,
    });
  } finally {
    await app.close();
  }
}

await main();
