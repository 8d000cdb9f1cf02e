import { type DemoUser, DEMO_USERS, signInAs } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';

const ALL_LINKS = [
  'Dashboard',
  'My V2MOM',
  'My Methods and Tasks',
  'Team V2MOMs',
  'Alignment Map',
  'Team Obstacles',
  'Items List',
  'Key Metrics',
  'Tasks',
  'Team Status',
  'AI Assistant',
  'COO View',
  'Settings',
];
const without = (...hidden: string[]) => ALL_LINKS.filter((label) => !hidden.includes(label));

// The link rules of docs/PRODUCT.md#roles, per demo account.
const SIDEBAR_BY_USER: Record<DemoUser, string[]> = {
  admin: ALL_LINKS,
  coo: without('Settings'),
  lead: without('COO View', 'Settings'),
  member: without('Team Status', 'COO View', 'Settings'),
  viewer: ['Dashboard', 'My Methods and Tasks', 'Team V2MOMs', 'Alignment Map', 'Team Obstacles', 'Key Metrics', 'Tasks', 'AI Assistant'],
};

for (const [user, links] of Object.entries(SIDEBAR_BY_USER) as [DemoUser, string[]][]) {
  test(`${user} sees exactly their sidebar links`, async ({ page }) => {
    await signInAs(page, user);
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByRole('link')).toHaveText(links);
    const userBlock = page.getByTestId('user-block');
    await expect(userBlock).toContainText(DEMO_USERS[user].name);
    await expect(userBlock).toContainText(DEMO_USERS[user].department);
  });
}

test('a read_only user is sent from /my-v2mom to /dashboard', async ({ page }) => {
  await signInAs(page, 'viewer', '/my-v2mom');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('/ goes to /dashboard', async ({ page }) => {
  await signInAs(page, 'member', '/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await signInAs(page, 'member', '/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('without a session every page redirects to /login', async ({ page }) => {
  await page.goto('/team-v2moms');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the bottom bar and the hamburger menu replace the sidebar', async ({ page }) => {
    await signInAs(page, 'member');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link')).toHaveText([
      'Dashboard',
      'My V2MOM',
      'Team',
      'Metrics',
      'AI',
    ]);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Team Obstacles' }).click();
    await expect(page).toHaveURL(/\/team-obstacles$/);
    await expect(menu).toBeHidden();
  });
});
