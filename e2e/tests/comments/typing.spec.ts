import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { pauseClock } from '../../support/clock.ts';
import { DEMO_USERS } from '../../support/demo.ts';
import { expectLive, openAs } from '../../support/live.ts';
import { useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });
const typingLine = (page: Page) => comments(page).getByText(/ typing…$/);

async function methodWithThread(request: Parameters<typeof createV2mom>[0], prefix: string): Promise<string> {
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle(`${prefix} plan`), methods: [{ description: uniqueTitle(`${prefix} method`) }] });
  return `/method/${v2mom.methods[0]?.id}`;
}

test('a person typing in a thread shows on the other open thread until their comment arrives', async ({ browser, request }) => {
  const methodPath = await methodWithThread(request, 'Typing');
  const reader = await openAs(browser, 'member', methodPath);
  const writer = await openAs(browser, 'admin', methodPath);
  await expect(comments(reader.page)).toContainText('No comments yet.');

  // The reader's clock stands still from before anyone types: the 5 s a typing line stays without a
  // comment (docs/PRODUCT.md#comments) cannot run out, so only the comment can take it away.
  await pauseClock(reader.page);
  const box = comments(writer.page).getByRole('textbox', { name: 'Write a comment' });
  await box.fill('The venue is booked');
  await expect(typingLine(reader.page)).toHaveText(`${DEMO_USERS.admin.name} is typing…`);
  await expect(typingLine(reader.page)).toHaveAttribute('aria-live', 'polite');
  // Never oneself.
  await expect(typingLine(writer.page)).toHaveCount(0);

  await box.press('Control+Enter');
  await expect(typingLine(reader.page)).toHaveCount(0);
  await reader.page.clock.resume();
  await expect(comments(reader.page).getByRole('article', { name: `Comment by ${DEMO_USERS.admin.name}` })).toContainText('The venue is booked');

  await writer.context.close();
  await reader.context.close();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390]) {
    test(`axe and screenshots: a thread where someone is typing, ${theme}, ${width} wide`, async ({ browser, request }) => {
      const methodPath = await methodWithThread(request, 'Typing picture');
      const reader = await openAs(browser, 'member', methodPath);
      await reader.page.setViewportSize({ width, height: 900 });
      await useTheme(reader.page, theme);
      await reader.page.reload();
      await expectLive(reader.page);
      const writer = await openAs(browser, 'admin', methodPath);
      const box = comments(writer.page).getByRole('textbox', { name: 'Write a comment' });
      await box.fill('Budget agreed');
      await box.press('Control+Enter');
      await expect(comments(reader.page).getByRole('article')).toContainText('Budget agreed');

      await box.fill('Booking the venue for');
      await expect(typingLine(reader.page)).toHaveText(`${DEMO_USERS.admin.name} is typing…`);
      await typingLine(reader.page).scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(reader.page);
      await saveScreenshot(reader.page, `typing-thread-${theme}-${width}`, { fullPage: false });

      await writer.context.close();
      await reader.context.close();
    });
  }
}
