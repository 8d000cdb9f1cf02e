import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

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

/** Where the sign-in setup (setup/sign-in.setup.ts) keeps `user`'s session for the suite (git-ignored). */
export function storedSessionPath(user: DemoUser): string {
  return fileURLToPath(new URL(`../.sessions/${user}.json`, import.meta.url));
}

/** Opens `path` signed in as `user`, with the session the sign-in setup stored for them. */
export async function signInAs(page: Page, user: DemoUser, path = '/dashboard'): Promise<void> {
  const stored = JSON.parse(readFileSync(storedSessionPath(user), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().addCookies(stored.cookies);
  await page.goto(path);
}

/** A toast with the given text, whether it is an error (alert) or a confirmation (status). */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByText(text);
}

/** Chooses a demo user in a people picker (searched as one types) and waits until it shows them. */
export async function pickPerson(scope: Page | Locator, user: DemoUser, field = 'Owner'): Promise<void> {
  await pickFound(scope, field, DEMO_USERS[user].name, `${DEMO_USERS[user].name} (${DEMO_USERS[user].department})`);
}

/** Types `words` in the picker `field` (searched as one types), chooses the option `label` and waits until it shows it. */
export async function pickFound(scope: Page | Locator, field: string, words: string, label: string): Promise<void> {
  const picker = scope.getByRole('combobox', { name: field, exact: true });
  // A dialog focuses its first field a frame after it is drawn: a picker opened before that would be closed by it.
  await expect.poll(() => picker.evaluate((el) => el.closest('[role="dialog"]')?.contains(document.activeElement) ?? true)).toBe(true);
  await picker.fill(words);
  await scope.getByRole('option', { name: label, exact: true }).click();
  await expect(picker).toHaveValue(label);
}

/** A V2MOM as its pickers name it: title, quarter and year, owner. */
export function v2momOptionLabel(v2mom: { title: string; quarter: string; year: number; owner: { name: string } }): string {
  return `${v2mom.title} (${v2mom.quarter.toUpperCase()} ${v2mom.year}) · ${v2mom.owner.name}`;
}
