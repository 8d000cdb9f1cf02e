import type { Browser, Page } from '@playwright/test';
import { API_ENDPOINTS, endpointUrl, ZCreatedRoomLinkSchema, ZRoundSchema, type TRound } from '@v2mom/contracts';
import { newContext, SUITE_CLOCK_START, SUITE_FISCAL_YEAR, SUITE_QUARTER } from '../../support/clock.ts';
import { DEMO_USERS, signInAs, type DemoUser } from '../../support/demo.ts';
import { expectLive, type Person } from '../../support/live.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

const CASEY = DEMO_USERS.coo.name;
const MORGAN = DEMO_USERS.member.name;
const MARKETING = DEMO_USERS.member.department;

/** A week before the suite's day, which the presenter shows. */
const WEEK_AGO = new Date(Date.parse(SUITE_CLOCK_START) - 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const roundPanel = (page: Page) => page.getByRole('region', { name: 'Check-in round' });

/** Moves the round on until it reaches `department`, each move from the version the last one answered. */
async function moveTo(page: Page, round: TRound, department: string): Promise<TRound> {
  let at = round;
  while (at.departments[at.position] !== department) {
    const moved = await page.request.post(endpointUrl(API_ENDPOINTS.moveRound, { id: at.id }), { data: { to: 'next', version: at.version } });
    expect(moved.status()).toBe(200);
    at = ZRoundSchema.parse(await moved.json());
  }
  return at;
}

/** A browser of its own in `theme`, signed in as `user`, on `path` and live. */
async function openThemed(browser: Browser, user: DemoUser, path: string, theme: 'light' | 'dark'): Promise<Person> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await useTheme(page, theme);
  await signInAs(page, user, path);
  await expectLive(page);
  return { context, page };
}

// One round and one presenter at a time, company-wide: the two themes' runs take turns with the other presenters.
test.describe.configure({ mode: 'serial' });

for (const theme of ['light', 'dark'] as const) {
  test(`a meeting room on a phone shows the brief and the round live, counts as a follower, and a follower takes the presenter's day, ${theme} theme`, { tag: '@coo-view-presented' }, async ({ browser, request }) => {
    const description = uniqueTitle('Room round method');
    const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Room round V2MOM'), year: SUITE_FISCAL_YEAR, methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 20 }] });
    const method = v2mom.methods[0];
    if (!method) throw new Error('The V2MOM has its method');

    // A settings holder makes the COO View's link; the screen opens it on a phone, without an account.
    await signInRequest(request, 'admin');
    const made = await request.post(API_ENDPOINTS.createRoomLink.path, { data: { label: uniqueTitle('Board room'), screen: { kind: 'coo-view' }, days: 1 } });
    expect(made.status()).toBe(201);
    const link = ZCreatedRoomLinkSchema.parse(await made.json());
    const screenContext = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const tv = await screenContext.newPage();
    await useTheme(tv, theme);
    await tv.goto(`/room#${link.token}`);
    await expect(tv.getByText(`${link.label} · Live`)).toBeVisible();
    const brief = tv.getByRole('region', { name: 'Meeting brief' });
    await expect(brief).toContainText('Brief for the COO meeting on');
    await expect(brief.getByRole('link')).toHaveCount(0);

    // The presenter shows last week, compared with nothing; an admin on today's COO View follows.
    const coo = await openThemed(browser, 'coo', `/coo-view?asOf=${WEEK_AGO}`, theme);
    const follower = await openThemed(browser, 'admin', '/coo-view', theme);
    await coo.page.getByRole('button', { name: 'Present' }).click();
    const presenting = coo.page.getByRole('dialog', { name: 'COO View, presenting' });
    // The room screen follows at once: the presenter never reads "Nobody follows yet" beside it.
    await expect(presenting.getByText('1 meeting room follows')).toBeVisible();
    const bar = follower.page.getByRole('status').filter({ hasText: 'is presenting' });
    await bar.getByRole('button', { name: 'Follow' }).click();
    await expect(presenting.getByText(`1 following: ${DEMO_USERS.admin.name} · 1 meeting room follows`)).toBeVisible();
    await expect(follower.page).toHaveURL(new RegExp(`asOf=${WEEK_AGO}`));
    await expect(follower.page.getByRole('status').filter({ hasText: 'As of 2 Dec 2026' })).toBeVisible();

    // The room's follow bar stays in view however far its screen scrolls.
    const roomBar = tv.getByRole('status').filter({ hasText: `Following ${CASEY}` });
    await expect(roomBar).toBeVisible();
    await tv.mouse.wheel(0, 20_000);
    await expect(roomBar).toBeInViewport();

    let round = ZRoundSchema.parse(await (await coo.page.request.post(API_ENDPOINTS.startRound.path, { data: { year: SUITE_FISCAL_YEAR, quarter: SUITE_QUARTER } })).json());
    try {
      round = await moveTo(coo.page, round, MARKETING);
      const panel = roundPanel(tv);
      await expect(panel.getByRole('heading', { name: `Check-in round: ${MARKETING}` })).toBeVisible();
      const morgan = panel.getByRole('listitem').filter({ hasText: MORGAN }).first();
      await expect(morgan).toContainText('Pending');

      // The owner checks in from their own device; the room has it, with what they gave, within a second.
      const owner = await newContext(browser);
      await signInRequest(owner.request, 'member');
      const checkedIn = await owner.request.post(endpointUrl(API_ENDPOINTS.checkInRound, { id: round.id }), {
        data: { methodId: method.id, version: method.version, status: 'at_risk', progress: 45, confidence: 6 },
      });
      expect(checkedIn.status()).toBe(200);
      await expect(morgan).toContainText('Checked in', { timeout: 1_000 });
      await expect(morgan.getByRole('list', { name: `What ${MORGAN} checked in` })).toContainText(`${description} · At Risk · 45% · confidence 6`, { timeout: 1_000 });
      await owner.close();
    } finally {
      const current = ZRoundSchema.nullable().parse((await (await coo.page.request.get(API_ENDPOINTS.getActiveRound.path)).json()).round);
      if (current) await coo.page.request.post(endpointUrl(API_ENDPOINTS.endRound, { id: current.id }), { data: { version: current.version } });
      await expect(roundPanel(tv)).toHaveCount(0);
      await presenting.getByRole('button', { name: 'Exit presenting' }).click();
      await screenContext.close();
      await coo.context.close();
      await follower.context.close();
    }
  });
}
