import { readFile } from 'node:fs/promises';
import { signInAs } from '../../support/demo.ts';
import { expect, test } from '../../support/test.ts';
import { createV2mom, uniqueTitle } from '../../support/v2mom-documents.ts';

test('Team Obstacles exports the obstacles it lists as CSV, from a keyboard-reachable menu', async ({ page, request }) => {
  const title = uniqueTitle('Export plan');
  await createV2mom(request, 'admin', {
    title,
    methods: [{ description: 'Exported method' }],
    obstacles: [{ description: `=cmd|' /C calc'!A0 ${title}`, linkedMethodPositions: [0] }],
  });
  await signInAs(page, 'viewer', '/team-obstacles');

  const button = page.getByRole('button', { name: 'Export', exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'CSV (.csv)' })).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^Obstacles_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.split('\r\n')[0]).toBe('\uFEFFDescription,V2MOM,Owner,Linked Methods');
  expect(text).toContain(`\r\n'=cmd|' /C calc'!A0 ${title},${title},`);
});

test('Settings imports a V2MOM file: the preview marks the rows in error, and a corrected file imports', async ({ page }) => {
  const title = uniqueTitle('Imported plan');
  const header = 'kind,v2mom,department,owner,year,quarter,text,q1 goal,q2 goal,q3 goal,q4 goal,measure,q1 measure,q2 measure,q3 measure,q4 measure,due date,values,methods';
  const file = (owner: string) => ({
    name: 'plans.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, `v2mom,${title},Marketing,${owner},2026,Q2,Partners everywhere`, `value,${title},,,,,Customers first`, `method,${title},,,,,Launch the portal,,Beta live,,,,,,,,,1`].join('\n')),
  });
  await signInAs(page, 'admin', '/settings?tab=import');

  await page.getByLabel('V2MOM file', { exact: true }).setInputFiles(file('nobody-here'));
  await expect(page.getByRole('status').filter({ hasText: 'Would create 1 V2MOM, 1 value, 1 method and 0 obstacles. 1 row has errors' })).toBeVisible();
  await expect(page.getByRole('row', { name: /owner: nobody is named nobody-here/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import 1 V2MOM' })).toBeDisabled();

  await page.getByLabel('V2MOM file', { exact: true }).setInputFiles(file('member'));
  await expect(page.getByRole('status').filter({ hasText: 'No errors.' })).toBeVisible();
  await page.getByRole('button', { name: 'Import 1 V2MOM' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 V2MOM.' })).toBeVisible();

  const listed = await page.request.get(`/api/v2moms?q=${encodeURIComponent(title)}`);
  expect(((await listed.json()) as { rows: Array<{ title: string; owner: { name: string } }> }).rows.map((row) => [row.title, row.owner.name])).toEqual([[title, 'Morgan Diaz']]);
});

test('Settings imports a people file: a cycle of managers is refused, then everyone is created with their managers', async ({ page }) => {
  const tag = uniqueTitle('p').toLowerCase().replace(/[^a-z0-9]+/g, '');
  const [lead, report] = [`lead.${tag}`, `report.${tag}`];
  const file = (leadManager: string) => ({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['username,name,email,role,department,manager', `${lead},Lead ${tag},,user,Marketing,${leadManager}`, `${report},Report ${tag},${report}@example.org,user,Marketing,${lead}`].join('\n')),
  });
  await signInAs(page, 'admin', '/settings?tab=import');
  const people = page.getByRole('region', { name: 'Import people' });

  await people.getByLabel('People file', { exact: true }).setInputFiles(file(report));
  await expect(people.getByRole('status').filter({ hasText: 'Would create 2 people. 2 rows have errors' })).toBeVisible();
  await expect(people.getByRole('row').filter({ hasText: `manager: ${lead} -> ${report} -> ${lead} is a cycle` })).toBeVisible();
  await expect(people.getByRole('button', { name: 'Import 2 people' })).toBeDisabled();

  await people.getByLabel('People file', { exact: true }).setInputFiles(file('member'));
  await expect(people.getByRole('status').filter({ hasText: 'No errors.' })).toBeVisible();
  await people.getByRole('button', { name: 'Import 2 people' }).click();
  await expect(people.getByRole('status').filter({ hasText: 'Imported 2 people.' })).toBeVisible();

  await page.goto(`/settings?q=${tag}`);
  await expect(page.getByRole('row', { name: `Report ${tag}` })).toContainText(`Lead ${tag}`);
  await expect(page.getByRole('row', { name: `Lead ${tag}` })).toContainText('Morgan Diaz');
});
