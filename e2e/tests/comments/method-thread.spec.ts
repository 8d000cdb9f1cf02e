import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { DEMO_USERS, signInAs } from '../../support/demo.ts';
import { expectNotReloaded, markDocument, openAs } from '../../support/live.ts';
import { useTheme } from '../../support/screens.ts';
import { saveScreenshot } from '../../support/screenshots.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

const comments = (page: Page) => page.getByRole('region', { name: /^Comments/ });

/** Types `@` and the start of a name in the comment box, and picks the person from the list with Enter. */
async function mention(page: Page, typed: string, name: string): Promise<void> {
  const box = comments(page).getByRole('textbox', { name: 'Write a comment' });
  await box.pressSequentially(`@${typed}`);
  const list = page.getByRole('listbox', { name: 'People to mention' });
  await expect(list.getByRole('option').first()).toHaveText(name);
  await box.press('Enter');
  await expect(list).toBeHidden();
}

test('a comment with a mention reaches the other browser live; a reply, an edit and a link to it', async ({ browser, request }) => {
  const description = uniqueTitle('Thread method');
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Thread plan'), methods: [{ description }] });
  const methodPath = `/method/${v2mom.methods[0]?.id}`;

  const member = await openAs(browser, 'member', methodPath);
  await expect(comments(member.page)).toContainText('No comments yet.');
  await markDocument(member.page);

  const admin = await openAs(browser, 'admin', methodPath);
  const box = comments(admin.page).getByRole('textbox', { name: 'Write a comment' });
  await box.fill('Can ');
  await mention(admin.page, 'Morg', DEMO_USERS.member.name);
  await box.pressSequentially('confirm the **venue**?');
  await expect(comments(admin.page)).toContainText(`Will notify: ${DEMO_USERS.member.name} (owner)`);
  const posted = admin.page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/comments'));
  await box.press('Control+Enter');
  const comment = (await (await posted).json()) as { id: number };
  await expect(box).toHaveValue('');

  // The member's open page shows it without a reload, the mention as the person's name.
  const onMember = comments(member.page).getByRole('article', { name: `Comment by ${DEMO_USERS.admin.name}` });
  await expect(onMember).toContainText(`Can @${DEMO_USERS.member.name} confirm the venue?`);
  await expect(onMember.locator('.mention')).toHaveText(`@${DEMO_USERS.member.name}`);
  await expectNotReloaded(member.page);

  await onMember.getByRole('button', { name: 'Reply' }).click();
  await comments(member.page).getByRole('textbox', { name: `Reply to ${DEMO_USERS.admin.name}` }).fill('Booked for May');
  await comments(member.page).getByRole('button', { name: 'Post reply' }).click();
  const replies = comments(admin.page).getByRole('list', { name: `Replies to ${DEMO_USERS.admin.name}` });
  await expect(replies.getByRole('article', { name: `Comment by ${DEMO_USERS.member.name}` })).toContainText('Booked for May');

  const onAdmin = comments(admin.page).getByRole('article', { name: `Comment by ${DEMO_USERS.admin.name}` });
  await onAdmin.getByRole('button', { name: 'Edit' }).first().click();
  const edit = comments(admin.page).getByRole('textbox', { name: 'Edit comment' });
  // The box shows the mention by name, never its stored token; a name typed out is a mention too.
  await expect(edit).toHaveValue(`Can @${DEMO_USERS.member.name} confirm the **venue**?`);
  await edit.fill(`Can @${DEMO_USERS.member.name} confirm the venue and the date?`);
  await comments(admin.page).getByRole('button', { name: 'Save' }).click();
  await expect(onMember).toContainText('confirm the venue and the date?');
  await expect(onMember.locator('.mention')).toHaveText(`@${DEMO_USERS.member.name}`);
  await expect(onMember.getByText('edited', { exact: true })).toBeVisible();

  // A link to the comment brings it into view and focuses it.
  await member.page.goto(`${methodPath}?comment=${comment.id}`);
  const linked = member.page.locator(`#comment-${comment.id}`);
  await expect(linked).toBeFocused();
  await expect(linked).toBeInViewport();

  await admin.context.close();
  await member.context.close();
});

test("an obstacle's comment link opens its thread over the V2MOM detail, and its count shows on the obstacle", async ({ page, request }) => {
  const description = uniqueTitle('Thread obstacle');
  const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Obstacle thread plan'), obstacles: [{ description }] });
  const obstacleId = v2mom.obstacles[0]?.id;
  const posted = await request.post(`/api/threads/obstacle/${obstacleId}/comments`, { data: { text: 'Finance meets on Tuesday' } });
  expect(posted.status()).toBe(201);
  const comment = (await posted.json()) as { id: number };

  await signInAs(page, 'member', `/v2mom/${v2mom.id}?comment=${comment.id}`);
  const panel = page.getByRole('dialog', { name: `Comments on ${description}` });
  await expect(panel.locator(`#comment-${comment.id}`)).toBeFocused();
  await expect(panel).toContainText('Finance meets on Tuesday');
  await panel.getByRole('button', { name: 'Resolve' }).click();
  await expect(panel).toContainText(`Resolved by ${DEMO_USERS.member.name}`);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'Show Obstacles & Measures' }).click();
  await expect(page.getByRole('button', { name: `Comments on ${description}, 1` })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1440, 390]) {
    test(`axe and screenshots: a thread with a mention and the mention list open, ${theme}, ${width} wide`, async ({ page, request }) => {
      const v2mom = await createV2mom(request, 'member', { title: uniqueTitle('Thread picture'), methods: [{ description: uniqueTitle('Pictured method') }] });
      const methodPath = `/method/${v2mom.methods[0]?.id}`;
      await page.setViewportSize({ width, height: 900 });
      await useTheme(page, theme);
      await signInAs(page, 'admin', methodPath);
      const box = comments(page).getByRole('textbox', { name: 'Write a comment' });
      await box.fill('Budget is agreed. ');
      await mention(page, 'Morg', DEMO_USERS.member.name);
      await box.pressSequentially('can you book the venue? See [the brief](https://example.com/brief).');
      await box.press('Control+Enter');
      await expect(comments(page).getByRole('article')).toContainText(`@${DEMO_USERS.member.name} can you book the venue?`);

      await box.pressSequentially('Thanks @');
      await expect(page.getByRole('listbox', { name: 'People to mention' })).toBeVisible();
      await comments(page).scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, `comments-thread-${theme}-${width}`);
    });
  }
}
