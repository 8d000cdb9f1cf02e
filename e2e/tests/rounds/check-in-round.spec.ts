import type { Page } from '@playwright/test';
import { newContext, SUITE_FISCAL_YEAR } from '../../support/clock.ts';
import { DEMO_USERS, signInAs, toast } from '../../support/demo.ts';
import { expectLive } from '../../support/live.ts';
import { useTheme } from '../../support/screens.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const MORGAN = DEMO_USERS.member.name;
const MARKETING = DEMO_USERS.member.department;

const panel = (page: Page) => page.getByRole('region', { name: 'Check-in round' });

/** Skips until the round reaches `department`, each Skip waiting for the move it made. */
async function skipTo(page: Page, department: string): Promise<void> {
  const heading = panel(page).getByRole('heading', { level: 2 });
  for (let step = 0; step < 30; step++) {
    if ((await heading.textContent())?.endsWith(department)) return;
    const before = await heading.textContent();
    await panel(page).getByRole('button', { name: 'Skip' }).click();
    await expect(heading).not.toHaveText(before ?? '');
  }
  throw new Error(`The round never reached ${department}`);
}

// One round at a time, company-wide: the two themes' runs take turns, and with the other specs that run one.
test.describe.configure({ mode: 'serial' });

for (const theme of ['light', 'dark'] as const) {
  test(`the presenter runs a check-in round and sees the owner on a phone check in, ${theme} theme`, { tag: '@coo-view-presented' }, async ({ browser, request }) => {
    const description = uniqueTitle('Round method');
    await createV2mom(request, 'member', { title: uniqueTitle('Round V2MOM'), year: SUITE_FISCAL_YEAR, methods: [{ description, status: 'in_progress', progress: 20 }] });

    const presenterContext = await newContext(browser);
    const presenter = await presenterContext.newPage();
    await useTheme(presenter, theme);
    await signInAs(presenter, 'coo', '/coo-view');
    await expectLive(presenter);
    const ownerContext = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const owner = await ownerContext.newPage();
    await useTheme(owner, theme);
    await signInAs(owner, 'member', '/dashboard');
    await expectLive(owner);

    try {
      await presenter.getByRole('button', { name: 'Start check-in round' }).click();
      await expect(panel(presenter)).toBeVisible();
      await skipTo(presenter, MARKETING);
      const morgan = panel(presenter).getByRole('listitem').filter({ hasText: MORGAN });
      await expect(morgan).toContainText('Pending');

      // The owner's open page says it is their turn, and opens their one-screen check-in.
      const banner = owner.getByRole('alert').filter({ hasText: 'Your turn' });
      await expect(banner).toContainText(`The check-in round has reached ${MARKETING}`);
      await banner.getByRole('button', { name: 'Check in' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Your check-in' });
      await dialog.getByLabel('Method').selectOption({ label: description });
      await dialog.getByLabel('Status').selectOption({ label: 'At Risk' });
      await dialog.getByLabel('Progress (%)').fill('45');
      await dialog.getByLabel('Confidence (1 to 10)').selectOption('6');
      await dialog.getByLabel('One line').fill('Launch moved a week');
      await dialog.getByLabel('An obstacle (becomes your follow-up)').fill('Waiting on legal review');
      // The one screen fits a phone: its last field and its button show without scrolling the page.
      await expect(dialog.getByRole('button', { name: 'Check in' })).toBeInViewport();
      await dialog.getByRole('button', { name: 'Check in' }).click();
      await expect(toast(owner, 'Checked in')).toBeVisible();

      // The room has it: the presenter sees the owner checked in, and the banner is gone.
      await expect(morgan).toContainText('Checked in');
      await expect(owner.getByRole('alert').filter({ hasText: 'Your turn' })).toHaveCount(0);

      // The obstacle is the owner's follow-up on My Methods.
      await owner.goto('/my-methods');
      await expect(owner.getByRole('list', { name: 'Follow-ups' })).toContainText('Waiting on legal review');
    } finally {
      const ending = panel(presenter).getByRole('button', { name: 'End round' });
      if (await ending.isVisible()) await ending.click();
      await expect(panel(presenter)).toHaveCount(0);
      await presenterContext.close();
      await ownerContext.close();
    }
  });
}
