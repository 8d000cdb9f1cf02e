import type { Locator, Page } from '@playwright/test';
import { API_ENDPOINTS, ZCreatedRoomLinkSchema } from '@v2mom/contracts';
import { newContext, SUITE_FISCAL_YEAR } from '../../support/clock.ts';
import { DEMO_USERS } from '../../support/demo.ts';
import { openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

const quarterButton = (within: Page | Locator, label: string) => within.getByRole('group', { name: 'Quarter' }).getByRole('button', { name: label, exact: true });

/** A card's status and percent, as one reads them off the screen. */
async function expectFigures(card: Locator, status: string, percent: string): Promise<void> {
  await expect(card.getByText(status, { exact: true })).toBeVisible();
  await expect(card.getByText(percent, { exact: true })).toBeVisible();
}

/**
 * A past quarter reads the same on the presenter's COO View and on the meeting-room screen that
 * follows it (docs/PRODUCT.md#meeting-room-links): each method as the quarter ended, from its
 * check-ins, however it has changed since. The suite's day is in Q2, after Q1 ended.
 */
test('the presenter on Q1 and the meeting-room screen following them show each method as Q1 ended, not as it is today', { tag: '@coo-view-presented' }, async ({ browser, request }) => {
  const description = uniqueTitle('Open the Lisbon office');
  const v2mom = await createV2mom(request, 'lead', {
    title: uniqueTitle('Lisbon V2MOM'),
    year: SUITE_FISCAL_YEAR,
    methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 8, currentMeasure: 'Lease signed' }],
  });
  const method = v2mom.methods[0]!;
  // Its owner's first check-in comes after Q1 ended: Q1 ended at the values before it.
  await signInRequest(request, 'lead');
  const changed = await request.put(`/api/methods/${method.id}`, { data: { version: method.version, q1Goal: 'Sign the lease', progress: 10, status: 'at_risk', currentMeasure: 'Fit-out late' } });
  expect(changed.status(), await changed.text()).toBe(200);

  const admin = await openAs(browser, 'admin', '/coo-view?quarter=q1');
  const room = uniqueTitle('Board room');
  const made = await admin.page.request.post(API_ENDPOINTS.createRoomLink.path, { data: { label: room, screen: { kind: 'coo-view' }, days: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const { token } = ZCreatedRoomLinkSchema.parse(await made.json());

  // The room's screen opens on today's quarter, with today's values.
  const screen = await newContext(browser);
  const tv = await screen.newPage();
  await tv.goto(`/room#${token}`);
  await expect(tv.getByText(`${room} · Live`)).toBeVisible();
  const roomCard = tv.locator(`#coo-method-${method.id}`);
  await expectFigures(roomCard, 'At Risk', '10%');

  // The presenter shows Q1 as it ended.
  await admin.page.getByRole('button', { name: 'Present' }).click();
  const frame = admin.page.getByRole('dialog', { name: 'COO View, presenting' });
  await expect(quarterButton(frame, 'Q1')).toHaveAttribute('aria-pressed', 'true');
  const presented = frame.getByRole('article', { name: description });
  await expect(presented.getByText('Q1 as it ended', { exact: false })).toBeVisible();
  await expectFigures(presented, 'In Progress', '8%');
  await expect(presented.getByText('Lease signed')).toBeVisible();

  // The room follows them to Q1 and shows the very same figures, not today's.
  await expect(tv.getByRole('status').filter({ hasText: `Following ${DEMO_USERS.admin.name}` })).toBeVisible();
  await expect(quarterButton(tv, 'Q1')).toHaveAttribute('aria-pressed', 'true');
  await expect(roomCard.getByText('Q1 as it ended', { exact: false })).toBeVisible();
  await expectFigures(roomCard, 'In Progress', '8%');
  await expect(roomCard.getByText('Lease signed')).toBeVisible();
  await expect(roomCard.getByText('Sign the lease')).toBeVisible();
  await expect(roomCard.getByText('At Risk', { exact: true })).toHaveCount(0);
  await expect(roomCard.getByText('10%', { exact: true })).toHaveCount(0);

  await screen.close();
  await admin.context.close();
});
