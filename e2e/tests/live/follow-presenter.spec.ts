import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS } from '../../support/demo.ts';
import { expectShownAtRest, openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const CASEY = DEMO_USERS.coo.name;
const AVERY = DEMO_USERS.admin.name;
const MORGAN = DEMO_USERS.member.name;

const card = (page: Page, description: string) => page.getByRole('article', { name: description });
const quarterButton = (page: Page, label: string) => page.getByRole('group', { name: 'Quarter' }).getByRole('button', { name: label, exact: true });

test('an admin follows the COO presenting the COO View, and stops by scrolling', { tag: '@coo-view-presented' }, async ({ browser, request }) => {
  const description = uniqueTitle('Followed method');
  await createV2mom(request, 'lead', { title: uniqueTitle('Follow V2MOM'), methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 30 }] });

  const admin = await openAs(browser, 'admin', '/coo-view');
  const coo = await openAs(browser, 'coo', '/coo-view');
  await coo.page.getByRole('button', { name: 'Present' }).click();
  const presenting = coo.page.getByRole('dialog', { name: 'COO View, presenting' });
  await expect(presenting.getByRole('switch', { name: 'Let others follow' })).toBeChecked();
  await expect(presenting.getByText('Nobody follows yet')).toBeVisible();
  // A quarter the admin's view does not show yet: it opened on the current one.
  await expect(quarterButton(admin.page, 'Q3')).toHaveAttribute('aria-pressed', 'false');
  await quarterButton(coo.page, 'Q3').click();
  await card(coo.page, description).click();

  const bar = admin.page.getByRole('status').filter({ hasText: 'is presenting' });
  await expect(bar).toHaveText(`${CASEY} is presenting — Follow`);
  // The bar itself: the whole COO View, long with every spec's methods, is scanned in team/coo-view.spec.ts.
  await expectNoSeriousA11yViolations(admin.page, '[data-follow-bar]');
  await bar.getByRole('button', { name: 'Follow' }).click();

  // The admin's view shows the presenter's quarter and card, marked and in view.
  await expect(admin.page.getByRole('status').filter({ hasText: `Following ${CASEY}` })).toBeVisible();
  await expect(quarterButton(admin.page, 'Q3')).toHaveAttribute('aria-pressed', 'true');
  const followedCard = card(admin.page, description);
  await expectShownAtRest(followedCard);
  await expect(followedCard).toHaveCSS('outline-width', '3px');
  await expect(presenting.getByText(`1 following: ${AVERY}`)).toBeVisible();

  // The presenter moves on; the follower goes along.
  await quarterButton(coo.page, 'Q1').click();
  await expect(quarterButton(admin.page, 'Q1')).toHaveAttribute('aria-pressed', 'true');

  // Scrolling on their own pauses following; the presenter sees them go.
  await admin.page.mouse.move(400, 400);
  await admin.page.mouse.wheel(0, 400);
  await expect(admin.page.getByRole('status').filter({ hasText: 'You stopped following' })).toHaveText('You stopped following — Follow again');
  await expect(presenting.getByText('Nobody follows yet')).toBeVisible();
  await quarterButton(coo.page, 'Q4').click();
  await expect(quarterButton(admin.page, 'Q1')).toHaveAttribute('aria-pressed', 'true');

  // Leaving presenting mode ends it for everyone on the screen.
  await presenting.getByRole('button', { name: 'Exit presenting' }).click();
  await expect(admin.page.getByRole('status').filter({ hasText: `${CASEY} stopped presenting` })).toBeVisible();
  await expect(admin.page.getByText('Follow again')).toHaveCount(0);
  await admin.context.close();
  await coo.context.close();
});

test("a follower's COO View asks for the page that holds the presenter's card, then shows it", { tag: '@coo-view-presented' }, async ({ browser, request }) => {
  // Twelve tracked methods created after it, so changed later, fill the first page ahead of it.
  const description = uniqueTitle('Second-page method');
  const later = Array.from({ length: 12 }, (_, index) => ({ description: uniqueTitle(`Later method ${index + 1}`), forCooTracking: true }));
  await createV2mom(request, 'lead', { title: uniqueTitle('Paged follow V2MOM'), methods: [{ description, forCooTracking: true }, ...later] });

  const admin = await openAs(browser, 'admin', '/coo-view');
  await expect(card(admin.page, later.at(-1)?.description ?? '')).toBeVisible();
  await expect(card(admin.page, description)).toHaveCount(0);

  const coo = await openAs(browser, 'coo', '/coo-view');
  await coo.page.getByRole('button', { name: 'Present' }).click();
  const presenting = coo.page.getByRole('dialog', { name: 'COO View, presenting' });
  const presented = card(coo.page, description);
  // The presenter loads pages until the card is there, as a reader scrolling would.
  await expect(async () => {
    const more = presenting.getByRole('button', { name: 'Load more COO-tracked methods' });
    // The list's end nearing the viewport may load the last page between the look and the click,
    // and take the button away: the click then gives up and the loop looks again.
    if (await more.isVisible()) await more.click({ timeout: 1_000 });
    await expect(presented).toBeAttached({ timeout: 1_000 });
  }).toPass();
  await presented.focus();

  await admin.page.getByRole('status').filter({ hasText: 'is presenting' }).getByRole('button', { name: 'Follow' }).click();
  const followedCard = card(admin.page, description);
  await expectShownAtRest(followedCard);
  await expect(followedCard).toHaveCSS('outline-width', '3px');
  await presenting.getByRole('button', { name: 'Exit presenting' }).click();
  await admin.context.close();
  await coo.context.close();
});

test('a viewer follows the method card the presenter of a V2MOM selects and the thread they open and close', async ({ browser, request }) => {
  const description = uniqueTitle('Thread shown method');
  const selected = uniqueTitle('Selected method');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Thread shown V2MOM'),
    methods: [
      { description, forCooTracking: true },
      { description: selected, forCooTracking: true },
    ],
  });
  const viewer = await openAs(browser, 'viewer', `/v2mom/${v2mom.id}`);
  const member = await openAs(browser, 'member', `/v2mom/${v2mom.id}`);
  await member.page.getByRole('button', { name: 'Present', exact: true }).click();

  const bar = viewer.page.getByRole('status').filter({ hasText: 'is presenting' });
  await expect(bar).toHaveText(`${MORGAN} is presenting — Follow`);
  await bar.getByRole('button', { name: 'Follow' }).click();
  await expect(member.page.getByText(`1 following: ${DEMO_USERS.viewer.name}`)).toBeVisible();

  await member.page.getByRole('article', { name: selected }).focus();
  const followedCard = viewer.page.getByRole('article', { name: selected });
  await expect(followedCard).toBeFocused();
  await expect(followedCard).toBeInViewport();

  await member.page.getByRole('button', { name: new RegExp(`^Comments on ${description}`) }).click();
  const thread = viewer.page.getByRole('dialog', { name: `Comments on ${description}` });
  await expect(thread).toBeVisible();
  // The presenter closes the thread they see: theirs may show after the follower's.
  await expect(member.page.getByRole('dialog', { name: `Comments on ${description}` })).toBeVisible();
  await member.page.keyboard.press('Escape');
  await expect(thread).toBeHidden();

  await member.page.getByRole('button', { name: 'Stop presenting' }).click();
  await expect(viewer.page.getByRole('status').filter({ hasText: `${MORGAN} stopped presenting` })).toBeVisible();
  await viewer.context.close();
  await member.context.close();
});

test("a follower who shows tracked methods only still gets the card of an untracked method the presenter selects", async ({ browser, request }) => {
  const untracked = uniqueTitle('Untracked selected method');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Show all follow V2MOM'),
    methods: [
      { description: uniqueTitle('Tracked method'), forCooTracking: true },
      { description: untracked, forCooTracking: false },
    ],
  });
  const viewer = await openAs(browser, 'viewer', `/v2mom/${v2mom.id}`);
  const member = await openAs(browser, 'member', `/v2mom/${v2mom.id}`);
  await expect(viewer.page.getByRole('article', { name: untracked })).toHaveCount(0);
  await member.page.getByRole('button', { name: 'Show all 2 methods' }).click();
  await member.page.getByRole('button', { name: 'Present', exact: true }).click();
  await viewer.page.getByRole('button', { name: 'Follow', exact: true }).click();

  await member.page.getByRole('article', { name: untracked }).focus();
  const followedCard = viewer.page.getByRole('article', { name: untracked });
  await expect(followedCard).toBeFocused();
  await expect(followedCard).toHaveCSS('outline-width', '3px');
  await viewer.context.close();
  await member.context.close();
});

test('on a phone the follow bar stays on screen above the bottom bar, following and paused, wherever the page scrolls', async ({ browser, request }) => {
  const descriptions = Array.from({ length: 5 }, (_, index) => uniqueTitle(`Phone followed method ${index}`));
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Phone follow V2MOM'),
    methods: descriptions.map((description) => ({ description, forCooTracking: true, update: 'A check-in long enough to take a few lines on a phone screen.' })),
  });
  const viewer = await openAs(browser, 'viewer', `/v2mom/${v2mom.id}`);
  await viewer.page.setViewportSize({ width: 390, height: 844 });
  const member = await openAs(browser, 'member', `/v2mom/${v2mom.id}`);
  await member.page.getByRole('button', { name: 'Present', exact: true }).click();
  await viewer.page.getByRole('button', { name: 'Follow', exact: true }).click();

  const bottomBar = viewer.page.getByRole('navigation', { name: 'Mobile navigation' });
  const expectOnScreen = async (action: string) => {
    const button = viewer.page.getByRole('button', { name: action, exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
    const bar = (await button.locator('xpath=..').boundingBox())!;
    expect(bar.x).toBeGreaterThanOrEqual(0);
    expect(bar.x + bar.width).toBeLessThanOrEqual(390);
    expect(bar.y + bar.height).toBeLessThanOrEqual((await bottomBar.boundingBox())!.y);
    expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  };

  // The presenter's last card, far down the page: the follower's page goes there, the bar with it.
  const last = descriptions.at(-1)!;
  await member.page.getByRole('article', { name: last }).focus();
  await expectShownAtRest(viewer.page.getByRole('article', { name: last }));
  expect(await viewer.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await expectOnScreen('Stop following');

  // Scrolling on their own to the page's end pauses it; the bar stays, clear of the end of the page.
  await viewer.page.mouse.move(200, 300);
  await viewer.page.mouse.wheel(0, 20_000);
  await expect(viewer.page.getByText('You stopped following')).toBeVisible();
  await expect.poll(() => viewer.page.evaluate(() => window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 1)).toBe(true);
  await expectOnScreen('Follow again');
  const againTop = (await viewer.page.getByRole('button', { name: 'Follow again' }).locator('xpath=..').boundingBox())!.y;
  const content = (await viewer.page.locator('#main-content > *').last().boundingBox())!;
  expect(content.y + content.height).toBeLessThanOrEqual(againTop);

  await viewer.context.close();
  await member.context.close();
});
