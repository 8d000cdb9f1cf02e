import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { v2momMatches, type TV2mom, type TV2momStatus } from '@v2mom/contracts';
import { buildV2mom } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type RecordedRequest } from '../../../../test/render-app';
import { setClock } from '../../../../test/clock';

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

const DEPARTMENTS = ['COO', 'Marketing', 'Partner and Channels', 'Product'].map((name, i) => ({ id: i + 1, name, parentId: null, head: null, version: 1 }));

/** The server's answer: the V2MOMs the query's filters hold, by title, `limit` at a time from the `cursor` (here the index to start at). */
function pageOf(request: RecordedRequest, v2moms: readonly TV2mom[]) {
  const query = new URLSearchParams(request.search);
  const filter = {
    q: query.get('q') ?? undefined,
    department: query.get('department') ?? undefined,
    status: (query.get('status') ?? undefined) as TV2momStatus | undefined,
  };
  const held = v2moms.filter((v2mom) => v2momMatches(v2mom, filter)).sort((a, b) => a.title.localeCompare(b.title));
  const start = Number(query.get('cursor') ?? 0);
  const end = start + Number(query.get('limit') ?? 50);
  return { status: 200 as const, body: { rows: held.slice(start, end), nextCursor: end < held.length ? String(end) : null } };
}

function renderTeamV2moms(path = '/team-v2moms', v2moms: readonly TV2mom[] = V2MOMS) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.viewer),
    'GET /api/v2moms': (request) => pageOf(request, v2moms),
    'GET /api/departments': () => ({ status: 200, body: DEPARTMENTS }),
  });
  return { requests, ...renderApp(path) };
}

const titles = () => screen.queryAllByTestId('team-v2mom-row').map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const asked = (requests: RecordedRequest[], name: string) =>
  requests.filter((request) => request.path === '/api/v2moms').map((request) => new URLSearchParams(request.search).get(name));

describe('Team V2MOMs', () => {
  // The rows' dates are read against this day, whatever day the suite runs.
  beforeEach(() => setClock('2026-06-15T12:00:00.000Z'));

  it('shows every V2MOM by title with its owner, status and progress', async () => {
    renderTeamV2moms();
    await screen.findAllByTestId('team-v2mom-row');
    const rows = screen.getAllByTestId('team-v2mom-row');
    expect(titles()).toEqual(['Brand EngineQ2 2026', 'Operating RhythmQ2 2026', 'Partner ExpansionQ2 2026']);
    expect(within(rows[1]!).getByText('Q2 2026')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Completed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('93%')).toBeInTheDocument();
    // No owner name: 'Unknown' and a generated initials avatar.
    expect(within(rows[2]!).getByText('Unknown')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not Started')).toBeInTheDocument();
  });

  it("shows each person's V2MOM's approval beside its status, none for one published without approval", async () => {
    const approval = { submittedAt: null, approvedAt: null, changedSinceApproved: false, comment: null, approverId: 4 };
    renderTeamV2moms('/team-v2moms', [
      buildV2mom({ id: 11, title: 'Draft plan', approval: { ...approval, state: 'draft' } }),
      buildV2mom({ id: 12, title: 'Sent back plan', approval: { ...approval, state: 'changes_requested', comment: 'Tie it to the team' } }),
      buildV2mom({ id: 13, title: 'Changed plan', approval: { ...approval, state: 'approved', approvedAt: '2026-06-01T09:00:00.000Z', changedSinceApproved: true } }),
      buildV2mom({ id: 14, title: 'Company plan' }),
    ]);
    await screen.findAllByTestId('team-v2mom-row');
    const row = (title: string) => screen.getAllByTestId('team-v2mom-row').find((candidate) => candidate.textContent?.includes(title))!;
    expect(within(row('Draft plan')).getByText('Draft')).toBeInTheDocument();
    expect(within(row('Sent back plan')).getByText('Changes requested')).toBeInTheDocument();
    expect(within(row('Changed plan')).getByText('Approved')).toBeInTheDocument();
    expect(within(row('Changed plan')).getByText('Changed since approved')).toBeInTheDocument();
    expect(within(row('Company plan')).queryByText(/Draft|Approved|Awaiting approval/)).not.toBeInTheDocument();
  });

  it("puts each row's View link in its actions cell", async () => {
    renderTeamV2moms();
    const [first] = await screen.findAllByTestId('team-v2mom-row');
    // The row's actions cell: at the row's end, with no column name beside it, on a phone.
    expect(within(first!).getByRole('link', { name: 'View Brand Engine' }).closest('td')).toHaveAttribute('data-actions');
  });

  it('asks the server for the next page as the list goes on', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 60 }, (_, index) => buildV2mom({ id: 100 + index, title: `Plan ${String(index).padStart(2, '0')}` }));
    const { requests } = renderTeamV2moms('/team-v2moms', many);
    await waitFor(() => expect(screen.getAllByTestId('team-v2mom-row')).toHaveLength(50));
    await user.click(screen.getByRole('button', { name: 'Load more V2MOMs' }));
    await waitFor(() => expect(screen.getAllByTestId('team-v2mom-row')).toHaveLength(60));
    expect(screen.queryByRole('button', { name: 'Load more V2MOMs' })).not.toBeInTheDocument();
    expect(asked(requests, 'cursor')).toEqual([null, '50']);
  });

  it('filters live as the user types and picks, keeps the filters in the URL, and says when nothing matches', async () => {
    const user = userEvent.setup();
    const { requests } = renderTeamV2moms();
    await screen.findAllByTestId('team-v2mom-row');

    await user.type(screen.getByPlaceholderText('Search title or owner...'), 'morgan');
    await waitFor(() => expect(titles()).toEqual(['Brand EngineQ2 2026']));
    expect(screen.getByTestId('location').dataset['search']).toBe('?q=morgan');
    // The server is asked once the typing pauses, not at every key.
    expect(asked(requests, 'q')).toEqual([null, 'morgan']);

    await user.clear(screen.getByPlaceholderText('Search title or owner...'));
    await user.selectOptions(screen.getByLabelText('Department'), 'COO');
    await waitFor(() => expect(titles()).toEqual(['Operating RhythmQ2 2026']));

    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    expect(await screen.findByText('No V2MOMs found matching your criteria')).toBeInTheDocument();
    expect(screen.queryAllByTestId('team-v2mom-row')).toHaveLength(0);
    expect(screen.getByTestId('location').dataset['search']).toBe('?department=COO&status=draft');
  });

  it('opens with the filters a link gives', async () => {
    renderTeamV2moms('/team-v2moms?q=brand&status=in_progress');
    await waitFor(() => expect(titles()).toEqual(['Brand EngineQ2 2026']));
    expect(screen.getByPlaceholderText('Search title or owner...')).toHaveValue('brand');
    expect(screen.getByLabelText('Status')).toHaveValue('in_progress');
  });

  it('says when the list cannot be loaded', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.viewer),
      'GET /api/v2moms': () => ({ status: 502 }),
      'GET /api/departments': () => ({ status: 200, body: DEPARTMENTS }),
    });
    renderApp('/team-v2moms');
    expect(await screen.findByText("We couldn't load the team's V2MOMs.")).toBeInTheDocument();
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

    await user.click(within(screen.getAllByTestId('team-v2mom-row')[0]!).getByText('Q2 2026'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/v2mom/2'));
  });
});
