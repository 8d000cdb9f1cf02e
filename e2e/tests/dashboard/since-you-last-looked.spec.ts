import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { newContext } from '../../support/clock.ts';
import { signInAs } from '../../support/demo.ts';
import { createPerson, settlePassword } from '../../support/people.ts';
import { useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle, type SavedV2mom } from '../../support/v2mom-documents.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** The card, found by its heading as a person finds it. */
const summaryCard = (page: Page): Locator => page.getByRole('region', { name: 'Since you last looked' });
const group = (card: Locator, title: string): Locator => card.getByRole('region', { name: new RegExp(`^${title}`) });

/** Opens the V2MOM as the page's person and reads what they have not seen: the first read sets their mark. */
async function visit(page: Page, v2mom: SavedV2mom): Promise<void> {
  await page.goto(`/v2mom/${v2mom.id}`);
  await expect(page.getByRole('heading', { name: v2mom.title })).toBeVisible();
  const unseen = await page.request.get(`/api/v2moms/${v2mom.id}/unseen`);
  expect(unseen.status(), await unseen.text()).toBe(200);
}

async function changeMethod(request: APIRequestContext, id: number, body: Record<string, unknown>): Promise<void> {
  const response = await request.put(`/api/methods/${id}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
}

/** Both themes at a desktop's and a phone's width, the card in view; axe on each. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await useTheme(page, theme);
    for (const [width, size] of [
      ['1440', DESKTOP],
      ['390', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(summaryCard(page).getByRole('link').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `${name}-${theme}-${width}`);
    }
  }
}

test('what others changed since one looked shows on the dashboard and the COO View, each row leading to its change', async ({ browser, request }) => {
  test.slow(); // two people, two screens, eight screenshots
  const podcast = uniqueTitle('Launch podcast');
  const newsletter = uniqueTitle('Grow newsletter');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Brand launch'),
    methods: [
      { description: podcast, status: 'in_progress', progress: 40 },
      { description: newsletter, status: 'in_progress', progress: 20 },
    ],
  });
  const [podcastMethod, newsletterMethod] = v2mom.methods;

  // A person of their own, whose only mark is on this V2MOM; and the COO. Both look at it first.
  const reader = await createPerson(request, 'reader');
  const readerContext = await newContext(browser);
  const readerPage = await readerContext.newPage();
  await settlePassword(readerPage.request, reader, 'reader-password-1');
  await visit(readerPage, v2mom);
  const cooContext = await newContext(browser);
  const cooPage = await cooContext.newPage();
  await signInAs(cooPage, 'coo', `/v2mom/${v2mom.id}`);
  await visit(cooPage, v2mom);

  // Someone else (the admin) changes a status, moves progress and adds an obstacle.
  await changeMethod(request, podcastMethod!.id, { version: podcastMethod!.version, status: 'at_risk' });
  await changeMethod(request, newsletterMethod!.id, { version: newsletterMethod!.version, progress: 70 });
  const obstacle = uniqueTitle('No studio booked');
  const created = await request.post('/api/obstacles', { data: { v2momId: v2mom.id, description: obstacle } });
  expect(created.status(), await created.text()).toBe(201);

  await readerPage.goto('/dashboard');
  const card = summaryCard(readerPage);
  const status = group(card, 'Status changed').getByRole('link', { name: new RegExp(podcast) });
  await expect(status).toHaveAccessibleName(`${podcast} In Progress to At Risk in ${v2mom.title}`);
  const moved = group(card, 'Moved most').getByRole('link', { name: new RegExp(newsletter) });
  await expect(moved).toHaveAccessibleName(`${newsletter} 20% to 70% in ${v2mom.title}`);
  const newObstacle = group(card, 'New obstacles').getByRole('link', { name: new RegExp(obstacle) });
  await expect(newObstacle).toBeVisible();
  await expect(newObstacle).toContainText(v2mom.title);

  await screenshots(readerPage, 'since-you-last-looked-dashboard');

  // Keyboard: the row is a link reached by focus and followed with Enter.
  await readerPage.setViewportSize(DESKTOP);
  await status.focus();
  await readerPage.keyboard.press('Enter');
  await expect(readerPage).toHaveURL(new RegExp(`/v2mom/${v2mom.id}\\?change=\\d+$`));
  const changeId = Number(new URL(readerPage.url()).searchParams.get('change'));
  expect(changeId).toBeGreaterThan(0);

  // The COO View shows the same rows to the COO.
  await cooPage.goto('/coo-view');
  const cooCard = summaryCard(cooPage);
  await expect(group(cooCard, 'Status changed').getByRole('link', { name: new RegExp(podcast) })).toHaveAttribute(
    'href',
    `/v2mom/${v2mom.id}?change=${changeId}`,
  );
  await expect(group(cooCard, 'Moved most').getByRole('link', { name: new RegExp(newsletter) })).toBeVisible();
  await expect(group(cooCard, 'New obstacles').getByRole('link', { name: new RegExp(obstacle) })).toBeVisible();
  await screenshots(cooPage, 'since-you-last-looked-coo-view');

  await readerContext.close();
  await cooContext.close();
});
