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
  await page.getByRole('button', { name: `Rename ${department.name}` }).click();
  await page.getByLabel(`New name for ${department.name}`).fill(renamed);
  await page.getByLabel(`New name for ${department.name}`).press('Enter');
  await expect(page.getByRole('list', { name: 'Departments' }).getByText(renamed)).toBeVisible();

  await expect(filter.getByRole('option', { name: renamed })).toBeAttached();
  await expect(filter.getByRole('option', { name: department.name })).not.toBeAttached();
  await memberContext.close();
});
