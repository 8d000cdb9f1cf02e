import { fileURLToPath } from 'node:url';
import { ASSISTANT_TEXTS, PATHS } from '@v2mom/contracts';
import type { Page } from '@playwright/test';
import { below, reported, writeBenchResults } from '../../backend/bench/bench-results.ts';
import { LARGE_ORGANISATION, seedLargeOrganisation } from '../../backend/bench/large-org.ts';
import { describeMachine, loadAverage, median, percentile, signedInContext, startBenchApp } from './bench-support.ts';

/**
 * `npm run bench:assistant-screen -w e2e` (part of `make bench`): how soon the built-in analyst's
 * first words are on the chat screen after the user presses Enter, on the large organisation
 * (target: p95 under 150 ms, see docs/PERFORMANCE.md, "The assistant's streamed replies").
 *
 * Chromium signed in as admin opens the chat and asks its example questions in turn (read from
 * the screen's own buttons): types one, presses Enter, waits for the whole reply, clears the
 * conversation, so that every question goes with an empty history as in the socket benchmark
 * (backend/bench/assistant.bench.ts). The figure is taken by the page's own clock, from the
 * Enter's keydown to the frame after the reply's first text is in the conversation (not
 * 'Thinking...'), so Playwright's round trips are not in it. BENCH_RUNS sets the timed asks (20),
 * BENCH_WARMUP the untimed ones before them (2); BENCH_DATABASE_URL and PLAYWRIGHT_CHROMIUM_PATH
 * as in bench-support.ts.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const TARGET_P95_MS = 150;
const OUT = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/assistant-screen.json', import.meta.url));

interface EnterMarks {
  armed?: boolean;
  enterAt?: number;
  shownAt?: number;
}
type BenchWindow = Window & { __enterBench: EnterMarks };

/**
 * Installed before the app's scripts (plain JavaScript in a string: the page's CSP forbids
 * evaluating strings later, and tsx would wrap TypeScript in helpers the page lacks). Once
 * armed, the next Enter (capture phase, before the chat sees it) is timed, and a
 * MutationObserver on the conversation waits for the reply's bubble, the second one added after
 * the question's, to hold text other than 'Thinking...'; the mark is the frame after that.
 */
const recordEnterToReply = (thinking: string) => `
  const bench = (window.__enterBench = {});
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !bench.armed) return;
    bench.armed = false;
    bench.enterAt = performance.now();
    const log = document.querySelector('[aria-label="Conversation"]');
    const replyIndex = log.children.length + 1;
    const observer = new MutationObserver(() => {
      const text = log.children[replyIndex]?.textContent.trim();
      if (!text || text === ${JSON.stringify(thinking)}) return;
      observer.disconnect();
      // The frame that shows the text: after the next rendering opportunity.
      requestAnimationFrame(() => setTimeout(() => (bench.shownAt = performance.now()), 0));
    });
    observer.observe(log, { childList: true, subtree: true, characterData: true });
  }, true);
`;

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' });
const FAILURES: readonly string[] = [ASSISTANT_TEXTS.chatFailure, ASSISTANT_TEXTS.busy];

/** Asks `question` by typing it and pressing Enter; answers Enter -> first text on screen, in ms. */
async function timeAsk(page: Page, question: string): Promise<number> {
  const box = page.getByRole('textbox', { name: 'Your question' });
  await box.fill(question);
  // The same object the init script's listener holds: cleared, then armed.
  await page.evaluate(() => Object.assign((window as unknown as BenchWindow).__enterBench, { armed: true, enterAt: undefined, shownAt: undefined }));
  await box.press('Enter');
  await page.waitForFunction(() => (window as unknown as BenchWindow).__enterBench.shownAt !== undefined, undefined, { timeout: 30_000 });
  const { enterAt = 0, shownAt = 0 } = await page.evaluate(() => (window as unknown as BenchWindow).__enterBench);

  // The whole reply, then an empty conversation for the next question.
  await conversation(page).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 30_000 });
  const reply = (await conversation(page).locator(':scope > li').last().textContent())?.trim() ?? '';
  if (FAILURES.includes(reply)) throw new Error(`"${question}" was answered with: ${reply}`);
  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await conversation(page).locator(':scope > li').nth(2).waitFor({ state: 'detached' });
  return shownAt - enterAt;
}

async function main() {
  // The built-in analyst: the server inherits this process's environment.
  delete process.env.OPENAI_API_KEY;
  const app = await startBenchApp((orm) => seedLargeOrganisation(orm, LARGE_ORGANISATION));
  try {
    console.log('Dataset:', app.grown);
    const page = await (await signedInContext(app, 'admin')).newPage();
    await page.addInitScript(recordEnterToReply(ASSISTANT_TEXTS.thinking));
    await page.request.delete('/api/chat/conversation');
    await page.goto(PATHS.chat);
    await page.locator('[data-live="online"]').waitFor({ state: 'attached' });
    const questions = await page.getByRole('list', { name: 'Example questions' }).getByRole('button').allTextContents();
    if (questions.length === 0) throw new Error('The chat shows no example questions');

    for (let run = 0; run < WARMUP; run++) await timeAsk(page, questions[run % questions.length]!);
    const loadBefore = loadAverage();
    const each: Array<{ question: string; ms: number }> = [];
    for (let run = 0; run < RUNS; run++) {
      const question = questions[run % questions.length]!;
      each.push({ question, ms: Math.round(await timeAsk(page, question)) });
    }
    const loadAfter = loadAverage();

    const figures = each.map((entry) => entry.ms);
    const summary = { runs: figures.length, p50: median(figures), p95: percentile(figures, 0.95), max: Math.max(...figures) };
    const machine = describeMachine(app.browser);
    console.log(`\nMachine: ${machine}\nLoad average (1, 5, 15 min): ${loadBefore} before, ${loadAfter} after\n`);
    console.log('| asks | Enter -> first words on screen p50 / p95 / max ms |');
    console.log('|---:|---:|');
    console.log(`| ${summary.runs} | ${summary.p50} / ${summary.p95} / ${summary.max} |`);
    writeBenchResults(OUT, {
      bench: 'assistant-screen',
      title: `The built-in analyst's first words on the chat screen, ${summary.runs} asks`,
      figures: [below('Enter -> first words on screen, p95', summary.p95, 'ms', TARGET_P95_MS), reported('Enter -> first words on screen, p50', summary.p50, 'ms')],
      machine,
      loadBefore,
      loadAfter,
      dataset: app.grown,
      targetP95Ms: TARGET_P95_MS,
      summary,
      asks: each,
    });
    console.log(`Enter -> first words p95: ${summary.p95} ms — target ${TARGET_P95_MS} ms ${summary.p95 < TARGET_P95_MS ? 'met' : 'NOT met'}`);
  } finally {
    await app.close();
  }
}

await main();
