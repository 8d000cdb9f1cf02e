import { expectNoSeriousA11yViolations } from '../../support/a11y.ts';
import { signInAs } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { useTheme } from '../../support/screens.ts';

for (const theme of ['light', 'dark'] as const) {
  test(`the alignment map is a tree the keyboard walks, and passes axe in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await signInAs(page, 'admin', '/alignment');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const tree = page.getByRole('tree', { name: 'Alignment map' });
    const first = tree.getByRole('treeitem').first();
    await expect(first).toHaveAttribute('aria-level', '1');
    await first.focus();
    // The company's V2MOM is the first top node: right opens its branch, down enters it.
    await page.keyboard.press('ArrowRight');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    // The branch loads once opened; down moves through the nodes shown, into the branch. Other
    // specs' V2MOMs aligned to nothing are top nodes too: the next node is the branch's first, not
    // the second treeitem on screen, which is the next top node until the branch has loaded.
    const second = first.getByRole('treeitem').first();
    await expect(second).toHaveAttribute('aria-level', '2');
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });
}

test('on a phone the map is an indented list without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin', '/alignment');
  await expect(page.getByRole('tree', { name: 'Alignment map' }).getByRole('treeitem').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('needs my approval opens the map down to what awaits the approver, marked, and hides the rest', async ({ page }) => {
  await signInAs(page, 'lead', '/alignment');
  const tree = page.getByRole('tree', { name: 'Alignment map' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  await page.getByLabel('Show').selectOption({ label: 'Needs my approval' });
  const awaiting = tree.getByRole('treeitem', { name: /^Mid-Market Outbound Launch/ });
  await expect(awaiting).toBeVisible();
  await expect(awaiting.getByText('Awaiting your approval', { exact: true })).toBeVisible();
  await expect(tree.getByText('Awaiting your approval', { exact: true })).toHaveCount(1);
  // Only the path down to it is shown: one node a level.
  const levels = await tree.getByRole('treeitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-level')));
  expect(new Set(levels).size).toBe(levels.length);
  await expectNoSeriousA11yViolations(page);
});
