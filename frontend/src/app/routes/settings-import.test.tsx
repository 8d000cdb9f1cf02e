import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPeopleImportPreview, TV2momImportPreview } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../test/render-app';

const ADMIN = DEMO_USERS.admin;

const preview = (errors: string[]): TV2momImportPreview => ({
  rows: [
    { line: 2, kind: 'v2mom', v2mom: 'Partner plan', text: 'Partners everywhere', errors },
    { line: 3, kind: 'value', v2mom: 'Partner plan', text: 'Customers first', errors: [] },
  ],
  counts: { v2moms: 1, values: 1, methods: 0, obstacles: 0 },
  rowsWithErrors: errors.length > 0 ? 1 : 0,
});

const csvFile = (owner: string) => new File([`kind,v2mom,owner\nv2mom,Partner plan,${owner}\n`], 'plans.csv', { type: 'text/csv' });

describe('Settings, Import', () => {
  it('previews a chosen file with its rows in error, keeps Import disabled until a file has none, then imports it', async () => {
    const requests = stubApi({
      ...sessionHandlers(ADMIN),
      'POST /api/imports/v2moms/preview': (request) => {
        const sent = Buffer.from((request.body as { content: string }).content, 'base64').toString('utf8');
        return { status: 200, body: preview(sent.includes('ghost') ? ['owner: nobody is named ghost'] : []) };
      },
      'POST /api/imports/v2moms': () => ({ status: 201, body: { counts: preview([]).counts, v2momIds: [41] } }),
    });
    renderApp('/settings?tab=import');

    const input = await screen.findByLabelText('V2MOM file', { selector: 'input' });
    await userEvent.upload(input, csvFile('ghost'));
    expect(await screen.findByText(/Would create 1 V2MOM, 1 value, 0 methods and 0 obstacles\. 1 row has errors/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of the V2MOM file' });
    expect(within(table).getAllByRole('row').find((row) => row.getAttribute('aria-invalid') === 'true')).toHaveTextContent('owner: nobody is named ghost');
    expect(screen.getByRole('button', { name: 'Import 1 V2MOM' })).toBeDisabled();
    expect(requests.some((request) => request.path === '/api/imports/v2moms')).toBe(false);

    await userEvent.upload(input, csvFile('member'));
    expect(await screen.findByText(/No errors\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 V2MOM' }));
    expect(await screen.findByText('Imported 1 V2MOM.')).toBeInTheDocument();
    const sent = requests.find((request) => request.path === '/api/imports/v2moms')?.body as { fileName: string; content: string };
    expect(sent.fileName).toBe('plans.csv');
    expect(Buffer.from(sent.content, 'base64').toString('utf8')).toContain('v2mom,Partner plan,member');
  });

  it('previews a people file with its rows in error, then imports everyone once the file has none', async () => {
    const peoplePreview = (errors: string[]): TPeopleImportPreview => ({
      rows: [
        { line: 2, username: 'dlee', name: 'Dana Lee', department: 'Sales', manager: '', errors: [] },
        { line: 3, username: 'sortiz', name: 'Sam Ortiz', department: 'Sales', manager: 'dlee', errors },
      ],
      people: 2,
      rowsWithErrors: errors.length > 0 ? 1 : 0,
    });
    const requests = stubApi({
      ...sessionHandlers(ADMIN),
      'POST /api/imports/people/preview': (request) => {
        const sent = Buffer.from((request.body as { content: string }).content, 'base64').toString('utf8');
        return { status: 200, body: peoplePreview(sent.includes('ghost') ? ['manager: nobody is named ghost, in the file or among the accounts'] : []) };
      },
      'POST /api/imports/people': () => ({ status: 201, body: { people: 2, userIds: [51, 52] } }),
    });
    renderApp('/settings?tab=import');
    const people = await screen.findByRole('region', { name: 'Import people' });
    const input = within(people).getByLabelText('People file', { selector: 'input' });
    const peopleFile = (manager: string) => new File([`username,name,department,manager\ndlee,Dana Lee,Sales,\nsortiz,Sam Ortiz,Sales,${manager}\n`], 'people.csv', { type: 'text/csv' });

    await userEvent.upload(input, peopleFile('ghost'));
    expect(await within(people).findByText(/Would create 2 people\. 1 row has errors/)).toBeInTheDocument();
    const table = within(people).getByRole('table', { name: 'Rows of the people file' });
    expect(within(table).getAllByRole('row').find((row) => row.getAttribute('aria-invalid') === 'true')).toHaveTextContent('manager: nobody is named ghost');
    expect(within(people).getByRole('button', { name: 'Import 2 people' })).toBeDisabled();

    await userEvent.upload(input, peopleFile('dlee'));
    expect(await within(people).findByText(/No errors\./)).toBeInTheDocument();
    await userEvent.click(within(people).getByRole('button', { name: 'Import 2 people' }));
    expect(await within(people).findByText('Imported 2 people.')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/imports/people')).toHaveLength(1);
    expect(requests.some((request) => request.path.startsWith('/api/imports/v2moms'))).toBe(false);
  });

  it('refuses a file over 5 MB in the browser, sending nothing', async () => {
    const requests = stubApi({ ...sessionHandlers(ADMIN) });
    renderApp('/settings?tab=import');
    const input = await screen.findByLabelText('V2MOM file', { selector: 'input' });
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.xlsx'));
    expect(await screen.findByText('The file is larger than 5 MB: split it and import each part')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.path.startsWith('/api/imports'))).toBe(false));
  });
});
