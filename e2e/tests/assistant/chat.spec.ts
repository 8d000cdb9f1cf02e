import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { readEveryMethod } from '../../support/methods.ts';
import { signInAsUsername, useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';

/**
 * The assistant (docs/PRODUCT.md#assistant), with the built-in analyst the e2e server runs
 * (no OPENAI_API_KEY). Each test is its own demo colleague, whose kept conversation and one
 * running reply no other spec touches; each starts from an empty conversation.
 */


async function openChatAs(page: Page, username: string): Promise<void> {
  await signInAsUsername(page, username, '/dashboard');
  const cleared = await page.request.delete('/api/chat/conversation');
  expect(cleared.status()).toBe(200);
  await page.goto('/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'V2MOM Assistant' })).toBeVisible();
  await liveOnline(page);
}

/** Questions travel on the live socket: ask once it is connected, not while it still connects. */
async function liveOnline(page: Page): Promise<void> {
  await page.locator('[data-live="online"]').waitFor({ state: 'attached' });
}

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' });
/** The user's own message (a paragraph), not the example button with the same words. */
const asked = (page: Page, text: string) => conversation(page).locator('p').getByText(text, { exact: true });
const question = (page: Page) => page.getByRole('textbox', { name: 'Your question' });

/**
 * Records, from now on, whether 'Thinking...' was ever on screen (every DOM change) and the
 * streaming reply's text at each animation frame, so a test can see the text grow.
 */
async function recordStreaming(page: Page): Promise<void> {
  await page.evaluate(() => {
    const log = document.querySelector('[aria-label="Conversation"]');
    const seen = { thinking: false, frames: [] as string[] };
    (window as unknown as { chatSeen: typeof seen }).chatSeen = seen;
    const streaming = () => log?.querySelector('li[aria-busy="true"]')?.textContent ?? null;
    new MutationObserver(() => {
      if (streaming() === 'Thinking...') seen.thinking = true;
    }).observe(log!, { subtree: true, childList: true, characterData: true });
    const sample = () => {
      const text = streaming();
      if (text && text !== 'Thinking...' && text !== seen.frames.at(-1)) seen.frames.push(text);
      if (seen.frames.length < 500) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

/**
 * Watches, in the page, for a button reading `label`: a pending label can last less than one
 * of Playwright's polls when the answer streams quickly, so the page records it as it appears.
 */
async function recordButtonLabel(page: Page, label: string): Promise<() => Promise<boolean>> {
  await page.evaluate((text) => {
    const seen = { label: false };
    (window as unknown as { labelSeen: typeof seen }).labelSeen = seen;
    const observer = new MutationObserver(() => {
      if (![...document.querySelectorAll('button')].some((button) => button.textContent === text)) return;
      seen.label = true;
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, label);
  return () => page.evaluate(() => (window as unknown as { labelSeen: { label: boolean } }).labelSeen.label);
}

const streamingSeen = (page: Page) => page.evaluate(() => (window as unknown as { chatSeen: { thinking: boolean; frames: string[] } }).chatSeen);

test('an example question streams an answer that links the at-risk methods, kept across a reload until cleared', async ({ page }) => {
  await openChatAs(page, 'sofia');
  await expect(conversation(page).getByText('Hello! Ask me anything about the V2MOM.')).toBeVisible();
  await expect(page.getByText('Press Enter to send, Shift+Enter for new line')).toBeVisible();

  await recordStreaming(page);
  await page.getByRole('button', { name: 'Which methods need attention?' }).click();
  await expect(question(page)).toBeDisabled();
  const answer = conversation(page).getByRole('listitem').filter({ hasText: 'methods need attention' }).last();
  await expect(answer).toContainText('No language model is configured');
  await expect(question(page)).toBeEnabled();

  const seen = await streamingSeen(page);
  expect(seen.thinking).toBe(true);
  expect(seen.frames.length).toBeGreaterThanOrEqual(3);
  for (let index = 1; index < seen.frames.length; index++) expect(seen.frames[index]!.length).toBeGreaterThan(seen.frames[index - 1]!.length);

  // The methods the answer names are links to their own screens. Other specs add methods in
  // parallel (some with the same descriptions), so each link is checked against the method it
  // points at, and at least one of them must be at risk.
  const methods = await readEveryMethod(page.request);
  const byId = new Map(methods.map((method) => [method.id, method]));
  const links = await answer.getByRole('link').evaluateAll((anchors) => anchors.map((anchor) => ({ text: anchor.textContent, href: anchor.getAttribute('href') ?? '' })));
  const methodLinks = links.filter((link) => /^\/method\/\d+$/.test(link.href));
  expect(methodLinks.length).toBeGreaterThan(0);
  for (const link of methodLinks) expect(byId.get(Number(link.href.split('/').pop()))?.description).toBe(link.text);
  expect(methodLinks.some((link) => byId.get(Number(link.href.split('/').pop()))?.status === 'at_risk')).toBe(true);

  await page.reload();
  await expect(asked(page, 'Which methods need attention?')).toBeVisible();
  const kept = conversation(page).getByRole('listitem').filter({ hasText: 'methods need attention' }).last();
  const first = methodLinks[0]!;
  const keptLink = kept.locator(`a[href="${first.href}"]`).first();
  await expect(keptLink).toHaveText(first.text ?? '');
  await keptLink.click();
  await expect(page).toHaveURL(new RegExp(`${first.href}$`));
  await page.goBack();

  await page.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(asked(page, 'Which methods need attention?')).toHaveCount(0);
  await page.reload();
  await expect(conversation(page).getByText('Hello! Ask me anything about the V2MOM.')).toBeVisible();
  await expect(asked(page, 'Which methods need attention?')).toHaveCount(0);
});

test('Enter sends, Shift+Enter does not, and a blank question is never sent', async ({ page }) => {
  await openChatAs(page, 'grace');
  const shown = await conversation(page).getByRole('listitem').count();
  await question(page).fill('   ');
  await question(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(conversation(page).getByRole('listitem')).toHaveCount(shown);
  expect(await (await page.request.get('/api/chat/conversation')).json()).toEqual({ messages: [] });

  await question(page).fill('How is team');
  await question(page).press('Shift+Enter');
  await question(page).pressSequentially('performance?');
  await expect(question(page)).toHaveValue('How is team\nperformance?');
  await question(page).press('Enter');
  await expect(conversation(page).getByText(/Team performance:/)).toBeVisible();
  await expect(question(page)).toHaveValue('');
});

test('Stop ends a reply mid-stream and keeps what arrived', async ({ page }) => {
  await openChatAs(page, 'marcus');
  await question(page).fill('How are we doing overall, by team, and what is overdue or changed lately?');
  await question(page).press('Enter');
  const streaming = conversation(page).locator('li[aria-busy="true"]');
  await expect(streaming).toContainText('Overall progress');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(conversation(page).getByText('You stopped this reply.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(question(page)).toBeEnabled();
  // The stopped reply was not the whole answer: it never reached the closing note.
  const stopped = conversation(page).getByRole('listitem').filter({ hasText: 'You stopped this reply.' });
  await expect(stopped).not.toContainText('No language model is configured');

  await page.reload();
  await expect(conversation(page).getByText('This reply was cut short.')).toBeVisible();
});

test('Get Insights streams a digest into the chat', async ({ page }) => {
  await openChatAs(page, 'leila');
  const generatingSeen = await recordButtonLabel(page, 'Generating...');
  await page.getByRole('button', { name: 'Get Insights' }).click();
  await expect(conversation(page).getByText(/Insights: \d+% of methods are on track/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Insights' })).toBeEnabled();
  expect(await generatingSeen()).toBe(true);
});

test('the dashboard card streams insights into itself and still leads to the chat', async ({ page }) => {
  await signInAsUsername(page, 'tom', '/dashboard');
  await liveOnline(page);
  const card = page.getByRole('region', { name: 'AI Assistant' });
  const generatingSeen = await recordButtonLabel(page, 'Generating...');
  await card.getByRole('button', { name: 'Get Insights' }).click();
  await expect(card.getByText(/Insights: \d+% of methods are on track/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Get Insights' })).toBeEnabled();
  expect(await generatingSeen()).toBe(true);
  await expect(card.getByText(/methods on track \(\d+%\)/).first()).toBeVisible();
  await card.getByRole('link', { name: 'Ask the Assistant' }).click();
  await expect(page).toHaveURL(/\/chat$/);
});

for (const theme of ['light', 'dark'] as const) {
  test(`has no serious accessibility violations in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await openChatAs(page, theme === 'light' ? 'priya' : 'hannah');
    await question(page).fill('What is our current progress?');
    await question(page).press('Enter');
    await expect(conversation(page).getByText('No language model is configured')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, `chat-${theme}`);
  });
}

test('fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openChatAs(page, 'diego');
  await question(page).fill('Which methods need attention?');
  await question(page).press('Enter');
  await expect(conversation(page).getByText('No language model is configured')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The text box and its buttons show above the bottom bar without scrolling the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  const clear = await page.getByRole('button', { name: 'Clear conversation' }).boundingBox();
  const bar = await page.getByRole('navigation', { name: 'Mobile navigation' }).boundingBox();
  expect(clear!.y + clear!.height).toBeLessThanOrEqual(bar!.y);
  await saveScreenshot(page, 'chat-phone');
});
