import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { newContext } from '../../support/clock.ts';
import { DEMO_USERS, signInAs, type DemoUser } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

/** The COO View's cards and Team Obstacles' rows open their items' threads, with counts kept live. */

/** A COO-tracked method of a V2MOM of its own. */
async function trackedMethod(request: APIRequestContext, prefix: string): Promise<{ id: number; description: string }> {
  const description = uniqueTitle(prefix);
  const v2mom = await createV2mom(request, 'lead', { title: uniqueTitle(`${prefix} V2MOM`), methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 40 }] });
  return { id: v2mom.methods[0]!.id, description };
}

/** An obstacle of a V2MOM of its own. */
async function newObstacle(request: APIRequestContext, prefix: string): Promise<{ id: number; description: string }> {
  const description = uniqueTitle(prefix);
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle(`${prefix} V2MOM`), obstacles: [{ description }] });
  return { id: v2mom.obstacles[0]!.id, description };
}

/** Posts a comment as `user` through the API, from a browser context of that person's own. */
async function postAs(browser: Browser, user: DemoUser, path: string, text: string): Promise<void> {
  const context = await newContext(browser);
  await signInRequest(context.request, user);
  const response = await context.request.post(`/api/threads/${path}/comments`, { data: { text } });
  expect(response.status(), await response.text()).toBe(201);
  await context.close();
}

const commentsOn = (within: Page | Locator, description: string, count?: number) =>
  within.getByRole('button', { name: count === undefined ? `Comments on ${description}` : `Comments on ${description}, ${count}`, exact: true });

test("another's comment moves the COO View card's count in place, and the card opens the thread holding it", { tag: '@coo-view-presented' }, async ({ browser, request }) => {
  const method = await trackedMethod(request, 'Threaded tracked');
  const coo = await openAs(browser, 'coo', '/coo-view');
  const card = coo.page.getByRole('article', { name: method.description });
  await expect(commentsOn(card, method.description)).toHaveText('Comments');
  await markDocument(coo.page);

  await postAs(browser, 'member', `method/${method.id}`, 'Two partners signed this week');
  const counted = commentsOn(card, method.description, 1);
  await expect(counted).toHaveText('Comments (1)');
  await expectNotReloaded(coo.page);

  await counted.click();
  const panel = coo.page.getByRole('dialog', { name: `Comments on ${method.description}` });
  await expect(panel.getByRole('article', { name: `Comment by ${DEMO_USERS.member.name}` })).toContainText('Two partners signed this week');
  await coo.page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(counted).toBeFocused();

  // The room's screen is for the cards: no threads while presenting.
  await coo.page.getByRole('button', { name: 'Present' }).click();
  const presenting = coo.page.getByRole('dialog', { name: 'COO View, presenting' });
  await expect(presenting.getByRole('article', { name: method.description })).toBeVisible();
  await expect(presenting.getByRole('button', { name: /^Comments on/ })).toHaveCount(0);
  await coo.context.close();
});

test("Team Obstacles counts each obstacle's comments and opens its thread", async ({ browser, page, request }) => {
  const obstacle = await newObstacle(request, 'Threaded obstacle');
  await postAs(browser, 'lead', `obstacle/${obstacle.id}`, 'Finance meets on Tuesday');
  await signInAs(page, 'member', '/team-obstacles');
  const button = commentsOn(page, obstacle.description, 1);
  await expect(button).toHaveText('Comments (1)');
  await button.click();
  const panel = page.getByRole('dialog', { name: `Comments on ${obstacle.description}` });
  await expect(panel).toContainText('Finance meets on Tuesday');
  // The obstacle's V2MOM is the member's: they may resolve its thread.
  await expect(panel.getByRole('button', { name: 'Resolve' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390]) {
    test(`axe and screenshots: a COO View card's thread open, and Team Obstacles' comment buttons, ${theme}, ${width} wide`, async ({ browser, page, request }) => {
      const method = await trackedMethod(request, 'Pictured tracked');
      const obstacle = await newObstacle(request, 'Pictured obstacle');
      await postAs(browser, 'member', `method/${method.id}`, 'The pilot episode is recorded; **two guests** booked for May.');
      await postAs(browser, 'lead', `obstacle/${obstacle.id}`, 'Finance meets on Tuesday.');
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);

      await signInAs(page, 'coo', '/coo-view');
      await commentsOn(page, method.description, 1).click();
      const panel = page.getByRole('dialog', { name: `Comments on ${method.description}` });
      await expect(panel).toContainText('two guests booked for May');
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `coo-thread-${theme}-${width}`, { fullPage: false });

      await page.goto('/team-obstacles');
      const button = commentsOn(page, obstacle.description, 1);
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `team-obstacles-comments-${theme}-${width}`, { fullPage: false });
    });
  }
}
