import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

/** The demo organisation's accounts (docs/PRODUCT.md#demo-organisation). */
export const DEMO_USERS = {
  admin: { username: 'admin', name: 'Avery Admin', department: 'COO' },
  coo: { username: 'coo', name: 'Casey Chen', department: 'COO' },
  lead: { username: 'lead', name: 'Logan Lee', department: 'AI GTM' },
  member: { username: 'member', name: 'Morgan Diaz', department: 'Marketing' },
  viewer: { username: 'viewer', name: 'Val Ortiz', department: 'Sales COE' },
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

/** Signs in through the API (sharing the page's cookies), then opens `path`. */
export async function signInAs(page: Page, user: DemoUser, path = '/dashboard'): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: DEMO_USERS[user].username, password: DEMO_PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
}

/** A toast with the given text, whether it is an error (alert) or a confirmation (status). */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByText(text);
}
