import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ZAsOfSchema, ZMethodPageSchema, type TMethodListItem } from '@v2mom/contracts';
import { SUITE_CLOCK_START } from '../../support/clock.ts';
import { signInAs } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

/** A week before the suite's day: one press of ← on the scrubber. */
const WEEK_AGO = new Date(Date.parse(SUITE_CLOCK_START) - 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

const card = (page: Page, description: string) => page.getByRole('article', { name: description });
const scrubber = (page: Page) => page.getByRole('slider', { name: 'Day shown' });

/** The COO View's card of `description`, the pages before it asked for as a reader scrolling down to it would. */
async function cardScrolledTo(page: Page, description: string): Promise<Locator> {
  const found = card(page, description);
  const more = page.getByRole('button', { name: 'Load more COO-tracked methods' });
  await expect(async () => {
    if ((await found.count()) === 0 && (await more.count()) > 0) await more.scrollIntoViewIfNeeded();
    await expect(found).toBeAttached({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return found;
}

/** A COO-tracked demo method whose progress a week ago was not what it is today, with both. */
async function methodThatMoved(request: APIRequestContext): Promise<{ method: TMethodListItem; then: number }> {
  await signInRequest(request, 'admin');
  const past = ZAsOfSchema.parse(await (await request.get(`/api/as-of?asOf=${WEEK_AGO}`)).json());
  // Page after page of today's tracked methods, in the COO View's order: other tests add their own to the shared database.
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { forCooTracking: 'true', sort: 'updated', dir: 'desc', limit: '200', ...(cursor === null ? {} : { cursor }) };
    const page = ZMethodPageSchema.parse(await (await request.get('/api/methods', { params: query })).json());
    for (const method of page.rows) {
      const then = past.methods.find((candidate) => candidate.methodId === method.id);
      if (then && then.at.progress !== method.progress) return { method, then: then.at.progress };
    }
    cursor = page.nextCursor;
  } while (cursor !== null);
  throw new Error('The demo has a COO-tracked method whose progress moved in the last week');
}

test.describe('As of any day', () => {
  test('the COO View steps back a week with the scrubber: older values, no method created since, read only; Back to today; Compare with shows what moved', async ({ page, request }) => {
    const description = uniqueTitle('Fresh tracked method');
    await createV2mom(request, 'lead', { title: uniqueTitle('As-of V2MOM'), methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 30 }] });
    const { method, then } = await methodThatMoved(request);

    await signInAs(page, 'admin', '/coo-view');
    await expect(card(page, description)).toBeVisible();
    const moved = await cardScrolledTo(page, method.description);
    await expect(moved.getByText(`${method.progress}%`, { exact: true })).toBeVisible();

    await scrubber(page).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('status').filter({ hasText: 'As of 2 Dec 2026' })).toBeVisible();
    await expect(scrubber(page)).toHaveAttribute('aria-valuetext', '2 Dec 2026');
    await expect(page).toHaveURL(new RegExp(`asOf=${WEEK_AGO}`));
    await expect(moved.getByText(`${then}%`, { exact: true })).toBeVisible();
    await expect(card(page, description)).toHaveCount(0);

    await page.getByRole('button', { name: 'Back to today' }).click();
    await expect(page).not.toHaveURL(/asOf=/);
    await expect(moved.getByText(`${method.progress}%`, { exact: true })).toBeVisible();
    await expect(card(page, description)).toBeVisible();

    await page.getByLabel('Compare with').fill(WEEK_AGO);
    await expect(page).toHaveURL(new RegExp(`compare=${WEEK_AGO}`));
    const rose = method.progress > then;
    await expect(moved.getByTestId('as-of-moves')).toContainText(`Progress ${then}% → ${method.progress}%`);
    await expect(moved.getByText(`Progress ${rose ? 'rose' : 'fell'} from ${then}% to ${method.progress}%`)).toBeAttached();
    await expect(card(page, description).getByTestId('as-of-moves')).toContainText('New since 2 Dec 2026');
  });

  test("a V2MOM's detail as of a day offers nothing to change, and Key Metrics keeps the day in its address", async ({ page, request }) => {
    const { method, then } = await methodThatMoved(request);
    await signInAs(page, 'admin', `/v2mom/${method.v2mom.id}?asOf=${WEEK_AGO}`);
    await expect(page.getByRole('status').filter({ hasText: 'As of 2 Dec 2026' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to today' }).click();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible();

    await page.goto(`/key-metrics?asOf=${WEEK_AGO}`);
    await expect(page.getByRole('status').filter({ hasText: 'As of 2 Dec 2026' })).toBeVisible();
    await expect(scrubber(page)).toHaveAttribute('aria-valuetext', '2 Dec 2026');
    await page.reload();
    await expect(scrubber(page)).toHaveAttribute('aria-valuetext', '2 Dec 2026');
    expect(then).not.toBe(method.progress);
  });
});
