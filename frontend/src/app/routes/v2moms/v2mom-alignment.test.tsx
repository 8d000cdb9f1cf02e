import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fiscalYearOf, type TStartMine, type TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildV2mom } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

// Adding a method takes manage_structure.
const AVERY = DEMO_USERS.admin;
const NOW = '2026-06-15T12:00:00.000Z';

const COMPANY: TV2momComplete = {
  ...buildV2mom({ id: 50, title: 'Company plan', level: 'company' }),
  methods: [buildMethod({ id: 500, v2momId: 50, description: 'Grow revenue' })],
  obstacles: [],
  values: [],
  measures: [],
};

function startMine(year: number, own: TStartMine['own'] = null): TStartMine {
  return { year, suggestedParent: { id: COMPANY.id, title: COMPANY.title, level: 'company', methods: [{ id: 500, title: 'Grow revenue' }] }, own };
}

const handlers = (year: number, own: TStartMine['own'] = null) => ({
  ...sessionHandlers(AVERY),
  [`GET /api/users/${AVERY.id}/v2moms`]: () => ({ status: 200, body: [] }),
  'GET /api/v2moms/start-mine': () => ({ status: 200, body: startMine(year, own) }),
  'GET /api/v2moms/50/complete': () => ({ status: 200, body: COMPANY }),
  'GET /api/departments': () => ({ status: 200, body: [] }),
  'GET /api/users/search': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
});

describe('starting one’s own V2MOM of the fiscal year', () => {
  it('offers it while the person has none, and opens the form as theirs, aligned to the suggestion', async () => {
    setClock(NOW);
    const year = fiscalYearOf(new Date(NOW));
    const requests = stubApi(handlers(year) as never);
    renderApp('/my-v2mom');

    await userEvent.click(await screen.findByRole('link', { name: `Start my V2MOM for ${year}` }));
    expect(await screen.findByLabelText('Level')).toHaveValue('person');
    expect(screen.getByLabelText('Year')).toHaveValue(year);
    expect(screen.getByLabelText('Aligned to')).toHaveValue('Company plan');
    expect(requests.some((request) => request.path === '/api/v2moms/start-mine' && request.search === `?year=${year}`)).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: /Methods/ }));
    await userEvent.click(screen.getByRole('button', { name: /Add method/i }));
    const supports = await within(screen.getByRole('tabpanel')).findByLabelText('Supports');
    expect(await within(supports).findByRole('option', { name: 'Grow revenue' })).toBeInTheDocument();
    expect(within(supports).getAllByRole('option')[0]).toHaveTextContent('None');
  });

  it('is not offered once the person has a V2MOM of the year', async () => {
    setClock(NOW);
    const year = fiscalYearOf(new Date(NOW));
    stubApi(handlers(year, { id: 9, title: 'Mine' }) as never);
    renderApp('/my-v2mom');
    expect(await screen.findByRole('link', { name: 'Create New V2MOM' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start my V2MOM/ })).toBeNull();
  });
});
