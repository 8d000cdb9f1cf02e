import type { Page } from '@playwright/test';
import { CONFIDENCE_MESSAGES } from '@v2mom/contracts';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs, toast } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

// Confidence, apart from status (docs/PRODUCT.md#confidence): given at a check-in, a drop of two
// or more asks why, and the method's page, the COO View and Key Metrics show it with its move.

const checkInForm = (page: Page) => page.getByRole('form', { name: /^Check in on / });

test('an owner checks in with a confidence; a drop of two asks why; the page, the COO View and Key Metrics show it', async ({ page, request }) => {
  const description = uniqueTitle('Confidence method');
  const v2mom = await createV2mom(request, 'member', {
    title: uniqueTitle('Confidence V2MOM'),
    methods: [{ description, forCooTracking: true, status: 'in_progress', progress: 30, measure: 'Regions live' }],
  });
  const method = v2mom.methods[0]!;

  await signInAs(page, 'member', `/method/${method.id}?check-in`);
  const head = page.locator('header').filter({ hasText: description });
  const confidenceFact = head.getByRole('definition').filter({ hasText: /Not given|\/10/ });
  await expect(confidenceFact).toHaveText('Not given');

  // A first confidence: a click on its number.
  const form = checkInForm(page);
  const scale = form.getByRole('group', { name: 'Confidence' });
  await expect(scale.getByRole('radio')).toHaveCount(10);
  await scale.getByRole('radio', { name: '8 of 10' }).check();
  await expect(form.getByLabel('Why did confidence fall?')).toHaveCount(0);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Method updated successfully')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(confidenceFact).toHaveText(/^8\/10/);

  // Down three by the arrow keys: the reason is asked for before anything is sent.
  await page.getByRole('button', { name: 'Check in' }).click();
  await expect(scale.getByRole('radio', { name: '8 of 10' })).toBeChecked();
  await scale.getByRole('radio', { name: '8 of 10' }).focus();
  for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowLeft');
  await expect(scale.getByRole('radio', { name: '5 of 10' })).toBeChecked();
  const reason = form.getByLabel('Why did confidence fall?');
  await expect(reason).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Say why the confidence fell')).toBeVisible();
  await expect(reason).toBeFocused();
  await reason.fill('The partner delayed the second region.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(confidenceFact).toHaveText(/^5\/10▼3/);
  await expect(confidenceFact).toContainText('Confidence 5 of 10, down 3 from 8');

  // The chart carries it beside progress, each check-in that gave one a mark.
  const chart = page.getByTestId('progress-chart');
  await expect(chart.getByTestId('confidence-line').locator('rect')).toHaveCount(2);
  await expect(page.getByRole('table', { name: 'Check-ins this fiscal year, oldest first' }).getByRole('row').last()).toContainText('5/10');

  // The server holds the rule too: a drop without a reason is refused, and says why.
  await signInRequest(request, 'member');
  const current = (await (await request.get(`/api/methods/${method.id}/complete`)).json()) as { version: number };
  const refused = await request.put(`/api/methods/${method.id}`, { data: { version: current.version, confidence: 2 } });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe(CONFIDENCE_MESSAGES.reasonNeeded);

  // The COO View (the COO's screen) and Key Metrics show it with its move.
  await signInAs(page, 'admin', '/coo-view');
  const cooCard = page.getByRole('article', { name: description });
  await expect(cooCard.getByTestId('confidence-trend')).toHaveText(/Confidence 5\/10▼3/);
  await page.goto('/key-metrics');
  const metric = page.getByRole('article', { name: description });
  await expect(metric.getByTestId('confidence-trend')).toHaveText(/Confidence 5\/10▼3/);
});
