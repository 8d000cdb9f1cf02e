import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TAlignedV2mom } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildChangedEvent, buildV2mom } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const NOW = '2026-06-15T12:00:00.000Z';
const counts = (atRisk: number, total = 4) => ({ total, notStarted: total - atRisk, inProgress: 0, completed: 0, atRisk });

function node(id: number, title: string, level: TAlignedV2mom['level'], alignedCount: number, branchAtRisk = 0): TAlignedV2mom {
  return {
    id,
    title,
    level,
    owner: { id: 1, name: 'Avery Admin' },
    overallProgress: 40,
    status: 'in_progress',
    methods: counts(0, 2),
    branch: counts(branchAtRisk),
    alignedCount,
    unreviewedParentChanges: 0,
    unreviewedBelow: 0,
  };
}

const COMPANY = node(1, 'Company 2026', 'company', 2, 1);
const SALES = node(2, 'Sales 2026', 'department', 1, 1);
const MARKETING = node(3, 'Marketing 2026', 'department', 0);
const TEAM = node(4, 'Deals team', 'team', 0, 1);
const page = (rows: TAlignedV2mom[]) => ({ status: 200, body: { rows, nextCursor: null } });

function handlers() {
  return {
    ...sessionHandlers(DEMO_USERS.admin),
    'GET /api/alignment': () => page([COMPANY]),
    'GET /api/v2moms/1/aligned': () => page([SALES, MARKETING]),
    'GET /api/v2moms/2/aligned': () => page([TEAM]),
    'GET /api/v2moms/4/path': () => ({ status: 200, body: { path: [COMPANY, SALES, TEAM].map(({ id, title, level }) => ({ id, title, level })) } }),
    'GET /api/v2moms': () => ({ status: 200, body: { rows: [buildV2mom({ id: 4, title: 'Deals team', level: 'team' })], nextCursor: null } }),
  };
}

describe('the alignment map', () => {
  it('opens branches with the keyboard as an ARIA tree, and Enter opens the V2MOM', async () => {
    setClock(NOW);
    stubApi(handlers() as never);
    renderApp('/alignment');
    const tree = await screen.findByRole('tree', { name: 'Alignment map' });
    const company = await within(tree).findByRole('treeitem', { name: /^Company 2026/ });
    expect(company).toHaveAttribute('aria-level', '1');
    expect(company).toHaveAttribute('aria-expanded', 'false');
    expect(company).toHaveAccessibleDescription(/branch: 3 not started, 1 at risk/);

    company.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(company).toHaveAttribute('aria-expanded', 'true');
    const sales = await within(tree).findByRole('treeitem', { name: /^Sales 2026/ });
    expect(sales).toHaveAttribute('aria-level', '2');
    await userEvent.keyboard('{ArrowRight}');
    expect(sales).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(within(tree).getByRole('treeitem', { name: /^Marketing 2026/ })).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowLeft}');
    expect(company).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/v2mom/1'));
  });

  it('opens the path down to a V2MOM found by search and focuses it; at risk only keeps branches with methods at risk', async () => {
    setClock(NOW);
    stubApi(handlers() as never);
    renderApp('/alignment');
    await screen.findByRole('tree');
    await userEvent.type(screen.getByLabelText('Find a V2MOM'), 'Deals');
    await userEvent.click(await screen.findByRole('button', { name: /Deals team/ }));
    const team = await screen.findByRole('treeitem', { name: /^Deals team/ });
    expect(team).toHaveAttribute('aria-level', '3');
    expect(team).toHaveFocus();

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'At Risk only');
    expect(screen.queryByRole('treeitem', { name: /^Marketing 2026/ })).toBeNull();
    expect(screen.getByRole('treeitem', { name: /^Sales 2026/ })).toBeInTheDocument();
  });

  it("recolours the nodes a roll-up names in place, and a method's change asks for no branch again", async () => {
    setClock(NOW);
    const asked = { roots: 0, company: 0 };
    stubApi({
      ...handlers(),
      'GET /api/alignment': () => {
        asked.roots += 1;
        return page([COMPANY]);
      },
      'GET /api/v2moms/1/aligned': () => {
        asked.company += 1;
        return page([SALES, MARKETING]);
      },
    } as never);
    const { socket, queryClient } = renderApp('/alignment');
    const company = await screen.findByRole('treeitem', { name: /^Company 2026/ });
    company.focus();
    await userEvent.keyboard('{ArrowRight}');
    const sales = await screen.findByRole('treeitem', { name: /^Sales 2026/ });
    act(() => socket().serverConnect());
    // Connected, the map says it is open, and once answered reads its open branches again: roll-ups come from then on.
    expect(socket().sent).toContainEqual({ event: LIVE_EVENTS.watchAlignment, payload: { open: true } });
    await waitFor(() => expect(asked).toEqual({ roots: 2, company: 2 }));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const figures = ({ id, overallProgress, status, methods }: TAlignedV2mom, atRisk: number) => ({ id, overallProgress, status, methods, branch: counts(atRisk) });
    act(() => socket().serverEmit(LIVE_EVENTS.alignmentRollup, { nodes: [figures(COMPANY, 2), figures(SALES, 2)] }));
    await waitFor(() => expect(company).toHaveAccessibleDescription(/branch: 2 not started, 2 at risk/));
    expect(sales).toHaveAccessibleDescription(/branch: 2 not started, 2 at risk/);

    act(() => socket().serverEmit(LIVE_EVENTS.entityChanged, [buildChangedEvent({ entity: 'method', id: 100, v2momId: 2 })]));
    act(() => socket().serverEmit(LIVE_EVENTS.alignmentRollup, { nodes: [figures(SALES, 3)] }));
    await waitFor(() => expect(sales).toHaveAccessibleDescription(/branch: 1 not started, 3 at risk/));
    expect(asked).toEqual({ roots: 2, company: 2 });
  });

  it("marks a V2MOM's parent changes not reviewed, and asks the open branch again when a notice arrives or is reviewed", async () => {
    setClock(NOW);
    let unreviewed = 1;
    stubApi({ ...handlers(), 'GET /api/v2moms/1/aligned': () => page([{ ...SALES, unreviewedParentChanges: unreviewed }, MARKETING]) } as never);
    const { socket } = renderApp('/alignment');
    const company = await screen.findByRole('treeitem', { name: /^Company 2026/ });
    company.focus();
    await userEvent.keyboard('{ArrowRight}');
    const sales = await screen.findByRole('treeitem', { name: /^Sales 2026/ });
    expect(within(sales).getByRole('img', { name: 'Parent changed, 1 change not reviewed' })).toBeInTheDocument();
    act(() => socket().serverConnect());

    unreviewed = 0;
    act(() => socket().serverEmit(LIVE_EVENTS.notificationsChanged, { unread: 0 }));
    await waitFor(() => expect(within(sales).queryByRole('img', { name: /Parent changed/ })).toBeNull());
  });

  it('loads the pages of a branch on the path until the V2MOM found by search is shown', async () => {
    setClock(NOW);
    const FIRST = node(5, 'Accounts team', 'team', 0);
    stubApi({
      ...handlers(),
      'GET /api/v2moms/2/aligned': ({ search }: { search: string }) =>
        search.includes('cursor') ? page([TEAM]) : { status: 200, body: { rows: [FIRST], nextCursor: 'next' } },
    } as never);
    renderApp('/alignment');
    await screen.findByRole('tree');
    await userEvent.type(screen.getByLabelText('Find a V2MOM'), 'Deals');
    await userEvent.click(await screen.findByRole('button', { name: /Deals team/ }));
    const team = await screen.findByRole('treeitem', { name: /^Deals team/ });
    await waitFor(() => expect(team).toHaveFocus());
    expect(screen.getByRole('treeitem', { name: /^Accounts team/ })).toBeInTheDocument();
  });

  it('needs my approval: opens the paths down to what awaits the viewer, marked, and hides the rest', async () => {
    setClock(NOW);
    stubApi({
      ...handlers(),
      'GET /api/alignment/awaiting': () => ({ status: 200, body: { rows: [{ id: 4, path: [1, 2, 4] }], nextCursor: null, approvesAnyone: true } }),
    } as never);
    renderApp('/alignment');
    await screen.findByRole('tree');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Needs my approval');
    const team = await screen.findByRole('treeitem', { name: /^Deals team/ });
    expect(team).toHaveAccessibleDescription(/awaiting your approval/);
    expect(within(team).getByText('Awaiting your approval')).toBeInTheDocument();
    expect(screen.queryByRole('treeitem', { name: /^Marketing 2026/ })).toBeNull();
    expect(screen.getByRole('treeitem', { name: /^Sales 2026/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says nothing awaits approval when nothing does', async () => {
    setClock(NOW);
    stubApi({
      ...handlers(),
      'GET /api/alignment/awaiting': () => ({ status: 200, body: { rows: [], nextCursor: null, approvesAnyone: false } }),
    } as never);
    renderApp('/alignment');
    await screen.findByRole('tree');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Needs my approval');
    expect(await screen.findByText('Nothing awaits your approval')).toBeInTheDocument();
    expect(screen.queryByRole('tree')).toBeNull();
  });

  it('shows what is loaded as a plain outline, each node with its figures in words', async () => {
    setClock(NOW);
    stubApi(handlers() as never);
    renderApp('/alignment');
    await screen.findByRole('tree');
    await userEvent.selectOptions(screen.getByLabelText('View'), 'outline');
    const outline = screen.getByRole('list', { name: 'Alignment outline' });
    expect(screen.queryByRole('tree')).toBeNull();
    expect(within(outline).getByRole('link', { name: 'Company 2026' })).toHaveAttribute('href', '/v2mom/1');
    expect(outline).toHaveTextContent('Company, Avery Admin, 40% done, 0 of its methods at risk; branch: 3 not started, 1 at risk');
    const show = within(outline).getByRole('button', { name: 'Show the 2 aligned to Company 2026' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(await within(outline).findByRole('link', { name: 'Sales 2026' })).toBeInTheDocument();
    expect(within(outline).getByRole('button', { name: 'Hide the 2 aligned to Company 2026' })).toHaveAttribute('aria-expanded', 'true');
  });
});
