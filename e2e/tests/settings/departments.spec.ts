import { newContext } from '../../support/clock.ts';
import { signInAs } from '../../support/demo.ts';
import { createDepartment } from '../../support/people.ts';
import { expect, test } from '../../support/test.ts';
import { signInRequest, uniqueTitle } from '../../support/v2mom-documents.ts';

test("a department renamed in Settings shows under its new name on another user's open dashboard", async ({ page, browser, baseURL, request }) => {
  await signInRequest(request, 'admin');
  const department = await createDepartment(request, 'Rename me');
  const renamed = uniqueTitle('Renamed');

  const memberContext = await newContext(browser, { baseURL });
  const dashboard = await memberContext.newPage();
  await signInAs(dashboard, 'member');
  const filter = dashboard.getByRole('combobox', { name: 'Department' });
  await expect(filter.getByRole('option', { name: department.name })).toBeAttached();

  await signInAs(page, 'admin', '/settings?tab=departments');
  await page.getByRole('button', { name: `Edit ${department.name}` }).click();
  const form = page.getByRole('form', { name: `Edit ${department.name}` });
  await form.getByLabel('Name').fill(renamed);
  await form.getByLabel('Name').press('Enter');
  await expect(page.getByRole('list', { name: 'Departments' }).getByText(renamed)).toBeVisible();

  await expect(filter.getByRole('option', { name: renamed })).toBeAttached();
  await expect(filter.getByRole('option', { name: department.name })).not.toBeAttached();
  await memberContext.close();
});

test('a department made a team of another shows under it, and one of its own teams is refused as its parent beside the field', async ({ page, request }) => {
  await signInRequest(request, 'admin');
  const top = await createDepartment(request, 'Tree top');
  const team = await createDepartment(request, 'Tree team');

  await signInAs(page, 'admin', '/settings?tab=departments');
  const list = page.getByRole('list', { name: 'Departments' });
  await list.getByRole('button', { name: `Edit ${team.name}` }).click();
  const teamForm = page.getByRole('form', { name: `Edit ${team.name}` });
  await teamForm.getByLabel('Team of').selectOption({ label: top.name });
  await teamForm.getByRole('combobox', { name: 'Head' }).fill('Logan');
  await page.getByRole('option', { name: 'Logan Lee (AI GTM)' }).click();
  await teamForm.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByRole('listitem', { name: team.name })).toContainText(`Team of ${top.name} · Head: Logan Lee`);

  await list.getByRole('button', { name: `Edit ${top.name}` }).click();
  const topForm = page.getByRole('form', { name: `Edit ${top.name}` });
  await topForm.getByLabel('Team of').selectOption({ label: team.name });
  await topForm.getByRole('button', { name: 'Save' }).click();
  await expect(topForm.getByText(`${team.name} is a team of ${top.name}, directly or through others`)).toBeVisible();
  await expect(topForm.getByLabel('Team of')).toHaveAttribute('aria-invalid', 'true');
});
