import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildV2mom } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { lineText } from '../../../../test/line-text';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../../test/render-app';

const MORGAN = DEMO_USERS.member;

const DOCUMENT: TV2momComplete = {
  ...buildV2mom({
    id: 10,
    title: 'Brand Engine',
    owner: { id: MORGAN.id, name: MORGAN.name, active: true, department: MORGAN.department, avatarUrl: null },
    version: 1,
  }),
  methods: [buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', ownerId: MORGAN.id })],
  obstacles: [],
  values: [],
  measures: [],
};

function renderEditForm(
  save: ApiHandler<'PUT /api/v2moms/10/complete'> = () => ({ status: 200, body: { ...DOCUMENT, merge: { applied: [], conflicts: [] } } }),
  document: TV2momComplete = DOCUMENT,
) {
  const requests = stubApi({
    ...sessionHandlers(MORGAN),
    'GET /api/v2moms/10/complete': () => ({ status: 200, body: document }),
    'GET /api/users/search': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
    'PUT /api/v2moms/10/complete': save,
  });
  renderApp('/my-v2mom/edit/10');
  return requests;
}

/** The message a control names as its description, if it is marked invalid. */
function errorOn(control: HTMLElement): string | null {
  if (control.getAttribute('aria-invalid') !== 'true') return null;
  const describedBy = control.getAttribute('aria-describedby');
  return describedBy ? (document.getElementById(describedBy)?.textContent ?? null) : null;
}

const saveButton = () => screen.getByRole('button', { name: 'Save V2MOM' });
const openMethodsTab = () => userEvent.click(screen.getByRole('tab', { name: /Methods/ }));
const methodField = (label: string) => within(screen.getByRole('tabpanel')).getByLabelText(label);

describe('the V2MOM form, a field at fault', () => {
  it('marks the refused header field, says why beside it, and clears it once fixed', async () => {
    const requests = renderEditForm();
    const title = await screen.findByLabelText('Title');
    expect(errorOn(title)).toBeNull();

    await userEvent.clear(title);
    await userEvent.click(saveButton());

    expect(errorOn(title)).toBe('Title is required');
    expect(title).toHaveFocus();
    await userEvent.type(title, 'Brand Engine 2');
    expect(errorOn(title)).toBeNull();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("marks what the document's rules refuse on its field, and the named toast stays", async () => {
    const requests = renderEditForm();
    await screen.findByLabelText('Title');
    await openMethodsTab();
    const description = methodField('Description');

    await userEvent.clear(description);
    await userEvent.click(saveButton());

    expect(await screen.findByText('Method 1: Description is required')).toBeInTheDocument();
    expect(screen.getByText('Error saving V2MOM')).toBeInTheDocument();
    expect(errorOn(description)).toBe('Description is required');
    expect(errorOn(methodField('Due date'))).toBeNull();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);

    await userEvent.type(description, 'Launch the podcast');
    expect(errorOn(description)).toBeNull();
  });

  it("puts the server's 400 fieldErrors on their fields, beside the toast", async () => {
    renderEditForm(() => ({
      status: 400,
      body: {
        message: 'Please check the highlighted fields',
        fieldErrors: { 'methods.0.dueDate': ['Enter a real date'], title: ['A V2MOM with this title exists'] },
      },
    }));
    const title = await screen.findByLabelText('Title');
    await openMethodsTab();

    await userEvent.click(saveButton());

    expect(await screen.findByText('Error saving V2MOM')).toBeInTheDocument();
    expect(errorOn(methodField('Due date'))).toBe('Enter a real date');
    expect(errorOn(title)).toBe('A V2MOM with this title exists');
    expect(errorOn(methodField('Description'))).toBeNull();
  });
});

describe('the V2MOM form, another person’s update', () => {
  it('is read-only and says who wrote it', async () => {
    setClock('2026-01-12T09:00:00.000Z');
    const colleagues = buildMethod({
      id: 101,
      v2momId: 10,
      description: 'Sign the partners',
      ownerId: 9,
      update: 'Two partners signed',
      updateAuthor: { id: 1, name: 'Avery Admin' },
      updateAt: '2026-01-10T09:00:00.000Z',
    });
    renderEditForm(undefined, { ...DOCUMENT, methods: [colleagues] });
    await screen.findByLabelText('Title');
    await openMethodsTab();

    const update = methodField('Update');
    expect(update).toHaveAttribute('readonly');
    expect(update).toHaveValue('Two partners signed');
    expect(within(screen.getByRole('tabpanel')).getByText(lineText(/^by Avery Admin/))).toBeInTheDocument();
  });
});
