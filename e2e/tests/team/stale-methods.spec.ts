import type { APIRequestContext, Page } from '@playwright/test';
import { SUITE_FISCAL_YEAR } from '../../support/clock.ts';
import { e2eDatabaseUrl, queryE2eDatabase } from '../../support/e2e-database.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

async function putMethod(request: APIRequestContext, id: number, body: Record<string, unknown>): Promise<{ version: number }> {
  const response = await request.put(`/api/methods/${id}`, { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { version: number };
}

const staleMark = (page: Page, description: string) => page.getByRole('article', { name: description }).getByRole('img', { name: /^Stale since/ });

test.describe('stale methods', () => {
  test.skip(!e2eDatabaseUrl(), 'A method goes stale after two weeks: the test moves its dates back in PostgreSQL');

  test("a stale method is marked on the COO View and Items List, and another person's check-in clears both open screens", async ({ browser, request }) => {
    const description = uniqueTitle('Stale method');
    const v2mom = await createV2mom(request, 'lead', {
      title: uniqueTitle('Stale V2MOM'),
      year: SUITE_FISCAL_YEAR,
      methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 30 }],
    });
    const method = v2mom.methods[0]!;
    // Created five weeks ago and never checked in: two whole check-in periods have passed, whatever the rhythm.
    await queryE2eDatabase(`update method set created_at = created_at - interval '5 weeks' where id = $1`, [method.id]);
    // A goal is no check-in; its write moves the server's cached reads on past the change above.
    await signInRequest(request, 'lead');
    const { version } = await putMethod(request, method.id, { version: method.version, q1Goal: 'Relaunch' });

    const coo = await openAs(browser, 'coo', '/coo-view');
    await expect(staleMark(coo.page, description)).toHaveText(/^Stale since \w{3} \d{1,2} \w{3}$/);
    await coo.page.getByRole('switch', { name: /^Stale only/ }).check();
    await expect(coo.page.getByRole('article', { name: description })).toBeVisible();
    await coo.page.getByRole('switch', { name: /^Stale only/ }).uncheck();

    const viewer = await openAs(browser, 'member', '/items-list?tab=methods');
    await viewer.page.getByRole('searchbox', { name: 'Filter' }).fill(description);
    const row = viewer.page.getByRole('row', { name: new RegExp(`^${description}`) });
    await expect(row.getByRole('img', { name: /^Stale since/ })).toBeVisible();
    await markDocument(coo.page);
    await markDocument(viewer.page);

    // The owner checks in from their own browser (the API, as a phone or a script would).
    await putMethod(request, method.id, { version, progress: 40, update: 'Back on track' });
    await expect(staleMark(coo.page, description)).toHaveCount(0);
    await expect(row.getByRole('img', { name: /^Stale since/ })).toHaveCount(0);
    await expectNotReloaded(coo.page);
    await expectNotReloaded(viewer.page);
    await coo.context.close();
    await viewer.context.close();
  });
});
