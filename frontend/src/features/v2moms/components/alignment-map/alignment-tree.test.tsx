import { render, screen, within } from '@testing-library/react';
import type { TAlignedV2mom } from '@v2mom/contracts';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import type { PagedList } from '../../../../lib/paged-list';
import { themes } from '../../../../lib/theme/tokens';
import { AlignmentTree, shownNodes, type MapShow, type TreeState } from './alignment-tree';

const counts = (part: Partial<TAlignedV2mom['branch']>) => {
  const whole = { notStarted: 0, inProgress: 0, completed: 0, atRisk: 0, ...part };
  return { total: whole.notStarted + whole.inProgress + whole.completed + whole.atRisk, ...whole };
};

function node(id: number, title: string, branch: Partial<TAlignedV2mom['branch']>, unreviewedParentChanges = 0, unreviewedBelow = 0): TAlignedV2mom {
  return {
    id,
    title,
    level: 'department',
    owner: { id: 1, name: 'Avery Admin' },
    overallProgress: 40,
    status: 'in_progress',
    methods: counts({}),
    branch: counts(branch),
    alignedCount: 0,
    unreviewedParentChanges,
    unreviewedBelow,
  };
}

const SALES = node(2, 'Sales 2026', { atRisk: 1, notStarted: 2 }, 2);
const MARKETING = node(3, 'Marketing 2026', { completed: 3 }, 0, 4);
const SUPPORT = node(4, 'Support 2026', { inProgress: 1 }, 1);

function list(rows: TAlignedV2mom[]): PagedList<TAlignedV2mom> {
  return {
    rows,
    pages: [rows],
    query: { isPending: false, isError: false, error: null, refetch: () => undefined },
    more: { hasMore: false, loading: false, failed: false, load: () => undefined },
  };
}

function renderTree(show: MapShow, theme: keyof typeof themes = 'light') {
  const state: TreeState = { expanded: new Set(), toggle: () => undefined, focusId: null, show, seeking: new Set(), outline: false };
  render(
    <ThemeProvider theme={themes[theme]}>
      <MemoryRouter>
        <AlignmentTree roots={list([SALES, MARKETING, SUPPORT])} state={state} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return screen.getByRole('tree', { name: 'Alignment map' });
}

const titles = (rows: readonly TAlignedV2mom[]) => rows.map((row) => row.title);

describe('the alignment map’s Show', () => {
  it('keeps the branches holding a method of the status chosen', () => {
    const rows = [SALES, MARKETING, SUPPORT];
    expect(titles(shownNodes(rows, { kind: 'all' }))).toEqual(['Sales 2026', 'Marketing 2026', 'Support 2026']);
    expect(titles(shownNodes(rows, { kind: 'status', status: 'at_risk' }))).toEqual(['Sales 2026']);
    expect(titles(shownNodes(rows, { kind: 'status', status: 'not_started' }))).toEqual(['Sales 2026']);
    expect(titles(shownNodes(rows, { kind: 'status', status: 'in_progress' }))).toEqual(['Support 2026']);
    expect(titles(shownNodes(rows, { kind: 'status', status: 'completed' }))).toEqual(['Marketing 2026']);
  });

  it('keeps only the paths down to what awaits approval, marking each awaiting one', () => {
    const tree = renderTree({ kind: 'awaiting', onPath: new Set([3, 9]), awaiting: new Set([3]) });
    expect(within(tree).getAllByRole('treeitem').map((item) => item.dataset.id)).toEqual(['3']);
    const marketing = within(tree).getByRole('treeitem', { name: /^Marketing 2026/ });
    expect(within(marketing).getByText('Awaiting your approval')).toBeInTheDocument();
    expect(marketing).toHaveAccessibleDescription(/awaiting your approval/);
  });
});

describe('the mark of parent changes not reviewed', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`names the count in words on the node, in the ${theme} theme`, () => {
      const tree = renderTree({ kind: 'all' }, theme);
      const sales = within(tree).getByRole('treeitem', { name: /^Sales 2026/ });
      expect(within(sales).getByRole('img', { name: 'Parent changed, 2 changes not reviewed' })).toHaveTextContent('Parent changed, not reviewed: 2');
      expect(sales).toHaveAccessibleDescription(/Parent changed, 2 changes not reviewed$/);
      const support = within(tree).getByRole('treeitem', { name: /^Support 2026/ });
      expect(within(support).getByRole('img', { name: 'Parent changed, 1 change not reviewed' })).toBeInTheDocument();
      const marketing = within(tree).getByRole('treeitem', { name: /^Marketing 2026/ });
      expect(within(marketing).queryByRole('img', { name: /Parent changed/ })).toBeNull();
    });

    it(`marks a node whose branch holds parent changes not reviewed, in the ${theme} theme`, () => {
      const tree = renderTree({ kind: 'all' }, theme);
      const marketing = within(tree).getByRole('treeitem', { name: /^Marketing 2026/ });
      expect(within(marketing).getByRole('img', { name: '4 parent changes not reviewed below' })).toHaveTextContent('Not reviewed below: 4');
      expect(marketing).toHaveAccessibleDescription(/4 parent changes not reviewed below$/);
      const sales = within(tree).getByRole('treeitem', { name: /^Sales 2026/ });
      expect(within(sales).queryByRole('img', { name: /not reviewed below/ })).toBeNull();
    });
  }
});
