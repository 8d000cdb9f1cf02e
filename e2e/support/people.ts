import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueTitle } from './v2mom-documents.ts';

export interface CreatedPerson {
  id: number;
  username: string;
  name: string;
  temporaryPassword: string;
}

/** A department made for one test, so renaming or deleting it never disturbs another spec. */
export async function createDepartment(admin: APIRequestContext, prefix: string): Promise<{ id: number; name: string; version: number }> {
  const response = await admin.post('/api/admin/departments', { data: { name: uniqueTitle(prefix) } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/**
 * A person of one's own (POST /api/admin/users, `admin` signed in as a `settings` holder): specs
 * that end sessions or change passwords use one, never a demo account other specs sign in as.
 */
export async function createPerson(admin: APIRequestContext, prefix: string): Promise<CreatedPerson> {
  const departments = (await (await admin.get('/api/departments')).json()) as Array<{ id: number; name: string }>;
  const username = uniqueTitle(prefix).toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const response = await admin.post('/api/admin/users', {
    data: { username, name: `Person ${username}`, departmentId: departments[0]!.id, role: 'user', capabilities: [] },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { user, temporaryPassword } = (await response.json()) as { user: { id: number; name: string }; temporaryPassword: string };
  return { id: user.id, username, name: user.name, temporaryPassword };
}

/** Signs `request` in as the person and replaces the temporary password with `newPassword`. */
export async function settlePassword(request: APIRequestContext, person: CreatedPerson, newPassword: string): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { username: person.username, password: person.temporaryPassword } });
  expect(login.status(), await login.text()).toBe(200);
  const change = await request.post('/api/auth/password', { data: { currentPassword: person.temporaryPassword, newPassword } });
  expect(change.status(), await change.text()).toBe(200);
}
