import type { APIRequestContext } from '@playwright/test';
import { openAs } from '../../support/live.ts';
import { expect, test } from '../../support/test.ts';
import { signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A department and a team of it, each with its V2MOM of 2026, the team's aligned to the department's, and one method of the team's. */
async function branch(request: APIRequestContext) {
  await signInRequest(request, 'admin');
  const department = await created<{ id: number }>(await request.post('/api/admin/departments', { data: { name: uniqueTitle('Map department') } }));
  const team = await created<{ id: number }>(await request.post('/api/admin/departments', { data: { name: uniqueTitle('Map team'), parentId: department.id } }));
  const top = await created<{ id: number; title: string }>(
    await request.post('/api/v2moms', { data: { title: uniqueTitle('Map department V2MOM'), year: 2026, level: 'department', departmentId: department.id } }),
  );
  const below = await created<{ id: number; title: string }>(
    await request.post('/api/v2moms', { data: { title: uniqueTitle('Map team V2MOM'), year: 2026, level: 'team', departmentId: team.id, parentId: top.id } }),
  );
  const method = await created<{ id: number; version: number }>(await request.post('/api/methods', { data: { v2momId: below.id, description: 'Ship the map' } }));
  return { top, below, method };
}

test('a search opens the path to a V2MOM, and a status change elsewhere recolours it and its ancestor without a reload', async ({ browser, request }) => {
  const { top, below, method } = await branch(request);
  const viewer = await openAs(browser, 'viewer', '/alignment');
  await viewer.page.getByLabel('Find a V2MOM').fill(below.title);
  await viewer.page.getByRole('button', { name: new RegExp(below.title) }).click();
  const tree = viewer.page.getByRole('tree', { name: 'Alignment map' });
  const node = tree.getByRole('treeitem', { name: new RegExp(`^${below.title}`) });
  await expect(node).toBeFocused();
  const ancestor = tree.getByRole('treeitem', { name: new RegExp(`^${top.title}`) });
  await expect(node).toHaveAccessibleDescription(/branch: 1 not started/);
  await expect(ancestor).toHaveAccessibleDescription(/branch: 1 not started/);

  const saved = await request.put(`/api/methods/${method.id}`, { data: { version: method.version, status: 'at_risk' } });
  expect(saved.status(), await saved.text()).toBe(200);
  await expect(node).toHaveAccessibleDescription(/1 of its methods at risk; branch: 1 at risk/);
  await expect(ancestor).toHaveAccessibleDescription(/branch: 1 at risk/);
  await viewer.context.close();
});
