import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';
import { filterTeamV2moms, NO_TEAM_FILTERS } from '../../../features/v2moms/components/team-v2moms-filter';

const V2MOMS = [
  buildV2mom({
    id: 1,
    title: 'Operating Rhythm',
    status: 'completed',
    overallProgress: 93,
    owner: { id: 1, name: 'Avery Admin', active: true, department: 'COO', avatarUrl: null },
  }),
  buildV2mom({
    id: 2,
    title: 'Brand Engine',
    status: 'in_progress',
    owner: { id: 4, name: 'Morgan Diaz', active: true, department: 'Marketing', avatarUrl: null },
  }),
  buildV2mom({
    id: 3,
    title: 'Partner Expansion',
    status: 'not_started',
    overallProgress: 0,
    owner: { id: 7, name: '', active: true, department: 'Partner and Channels', avatarUrl: null },
  }),
];

const DEPARTMENTS = ['COO', 'Marketing', 'Partner and Channels', 'Product'].map((name, i) => ({ id: i + 1, name, version: 1 }));

function renderTeamV2moms() {
  stubApi({
    ...sessionHandlers(DEMO_USERS.viewer),
    'GET /api/v2moms': () => ({ status: 200, body: V2MOMS }),
    'GET /api/departments': () => ({ status: 200, body: DEPARTMENTS }),
  });
  return renderApp('/team-v2moms');
}

const titles = () => screen.queryAllByTestId('team-v2mom-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('filterTeamV2moms', () => {
  it('matches the search against title or owner, ignoring case and outer spaces', () => {
    expect(filterTeamV2moms(V2MOMS, { ...NO_TEAM_FILTERS, search: '  brand ' }).map((v) => v.id)).toEqual([2]);
    expect(filterTeamV2moms(V2MOMS, { ...NO_TEAM_FILTERS, search: 'AVERY' }).map((v) => v.id)).toEqual([1]);
  });

  it('combines department and status, and an empty filter keeps everything', () => {
    expect(filterTeamV2moms(V2MOMS, NO_TEAM_FILTERS).map((v) => v.id)).toEqual([1, 2, 3]);
    expect(filterTeamV2moms(V2MOMS, { ...NO_TEAM_FILTERS, department: 'COO', status: 'in_progress' })).toEqual([]);
    expect(filterTeamV2moms(V2MOMS, { ...NO_TEAM_FILTERS, department: 'Marketing', status: 'in_progress' }).map((v) => v.id)).toEqual([2]);
  });
});

describe('Team V2MOMs', () => {
  it('shows every V2MOM with its owner, status and progress', async () => {
    renderTeamV2moms();
    await screen.findAllByTestId('team-v2mom-row');
    const rows = screen.getAllByTestId('team-v2mom-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Q2 2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Completed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('93%')).toBeInTheDocument();
    // No owner name: 'Unknown' and a generated initials avatar.
    expect(within(rows[2]!).getByText('Unknown')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not Started')).toBeInTheDocument();
  });

  it('filters live as the user types and picks, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderTeamV2moms();
    await screen.findAllByTestId('team-v2mom-row');

    await user.type(screen.getByPlaceholderText('Search title or owner...'), 'morgan');
    expect(titles()).toEqual(['Brand EngineQ2 2026']);

    await user.clear(screen.getByPlaceholderText('Search title or owner...'));
    await user.selectOptions(screen.getByLabelText('Department'), 'COO');
    expect(titles()).toEqual(['Operating RhythmQ2 2026']);

    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    expect(screen.getByText('No V2MOMs found matching your criteria')).toBeInTheDocument();
    expect(screen.queryAllByTestId('team-v2mom-row')).toHaveLength(0);
  });

  it('offers the departments from the API and only the four filterable statuses', async () => {
    renderTeamV2moms();
    await screen.findAllByTestId('team-v2mom-row');
    const department = screen.getByLabelText('Department');
    expect(within(department).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Departments',
      ...DEPARTMENTS.map((d) => d.name),
    ]);
    expect(within(screen.getByLabelText('Status')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Statuses',
      'Completed',
      'In Progress',
      'At Risk',
      'Draft',
    ]);
  });

  it("'Apply Filters' changes nothing and a row click opens the V2MOM", async () => {
    const user = userEvent.setup();
    renderTeamV2moms();
    await screen.findAllByTestId('team-v2mom-row');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getAllByTestId('team-v2mom-row')).toHaveLength(3);

    await user.click(within(screen.getAllByTestId('team-v2mom-row')[1]!).getByText('Q2 2026'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/v2mom/2'));
  });
});
