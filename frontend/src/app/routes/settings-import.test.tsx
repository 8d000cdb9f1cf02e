import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TV2momImportPreview } from '@v2mom/contracts';
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

    const input = await screen.findByLabelText('File', { selector: 'input' });
    await userEvent.upload(input, csvFile('ghost'));
    expect(await screen.findByText(/Would create 1 V2MOM, 1 value, 0 methods and 0 obstacles\. 1 row has errors/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rows of the file' });
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

  it('refuses a file over 5 MB in the browser, sending nothing', async () => {
    const requests = stubApi({ ...sessionHandlers(ADMIN) });
    renderApp('/settings?tab=import');
    const input = await screen.findByLabelText('File', { selector: 'input' });
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.xlsx'));
    expect(await screen.findByText('The file is larger than 5 MB: split it and import each part')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((request) => request.path.startsWith('/api/imports'))).toBe(false));
  });
});
