import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMethodListItem } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildV2mom } from '../../../../test/builders';
import { methodSearch, v2momSearch } from '../../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const admin = DEMO_USERS.admin;
const BRAND = buildV2mom({ id: 10, title: 'Brand Engine' });
const EVENTS = buildV2mom({ id: 11, title: 'Events Programme', quarter: 'q3' });
const METHODS = [
  buildMethod({ id: 100, v2momId: 10, description: 'Run the webinar series' }),
  buildMethod({ id: 110, v2momId: 11, description: 'Co-host regional events' }),
];

function renderAddMethod() {
  const requests = stubApi({
    ...sessionHandlers(admin),
    'GET /api/v2moms': v2momSearch([BRAND, EVENTS]),
    'GET /api/methods': methodSearch(METHODS),
    'POST /api/methods': ({ body }) => ({ status: 201, body: { ...(METHODS[0] as TMethodListItem), id: 200, ...(body as object) } as TMethodListItem }),
  });
  renderApp('/add-method');
  return requests;
}

/** Types `words` in the picker `name`, waits until it offers `expected`, and picks the last of them from the keyboard. */
async function pick(user: ReturnType<typeof userEvent.setup>, name: string, words: string, expected: string[]) {
  const picker = screen.getByRole('combobox', { name });
  await user.clear(picker);
  await user.type(picker, words);
  const list = screen.getByRole('listbox');
  await waitFor(() => expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(expected));
  await user.keyboard(`${'{ArrowDown}'.repeat(expected.length - 1)}{Enter}`);
  expect(picker).toHaveValue(expected.at(-1));
}

describe('Add New Method', () => {
  it('links only a method of the chosen V2MOM, found as one types, and another V2MOM clears it', async () => {
    const requests = renderAddMethod();
    const user = userEvent.setup();
    const linked = await screen.findByRole('combobox', { name: 'Link to Another Method (Optional)' });
    expect(linked).toBeDisabled();
    expect(linked).toHaveAttribute('placeholder', 'Select a V2MOM first');

    await pick(user, 'V2MOM', 'brand', ['Brand Engine (Q2 2026) · Avery Admin']);
    expect(linked).toBeEnabled();
    await pick(user, 'Link to Another Method (Optional)', 'series', ['No linked method', 'Run the webinar series']);
    const searched = requests.filter((request) => request.path === '/api/methods').map((request) => new URLSearchParams(request.search));
    expect(searched.map((params) => params.get('v2momId'))).toEqual(searched.map(() => '10'));

    await pick(user, 'V2MOM', 'events', ['Events Programme (Q3 2026) · Avery Admin']);
    expect(linked).toHaveValue('');
    expect(linked).toHaveAttribute('placeholder', 'No linked method');
    await user.click(linked);
    await waitFor(() => expect(within(screen.getByRole('listbox', { name: 'Methods' })).getAllByRole('option').map((option) => option.textContent)).toEqual(['No linked method', 'Co-host regional events']));
    await user.keyboard('{Escape}');

    await user.type(screen.getByLabelText('Description'), 'Invite partners');
    await user.click(screen.getByRole('button', { name: 'Create Method' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ v2momId: 11, linkedMethodId: null, description: 'Invite partners' });
  });

  it('takes its progress from the methods that support it when chosen, as the V2MOM form offers', async () => {
    const requests = renderAddMethod();
    const user = userEvent.setup();
    const progressFrom = await screen.findByRole('combobox', { name: 'Progress from' });
    expect(progressFrom).toHaveValue('own');
    await pick(user, 'V2MOM', 'brand', ['Brand Engine (Q2 2026) · Avery Admin']);
    await user.type(screen.getByLabelText('Description'), 'Grow the brand');
    await user.selectOptions(progressFrom, 'supporters_average');
    await user.click(screen.getByRole('button', { name: 'Create Method' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ v2momId: 10, description: 'Grow the brand', progressFrom: 'supporters_average' });
  });
});
