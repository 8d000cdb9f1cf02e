import { V2MOM_LEVEL_LABELS, pathTo, type TAlignedV2mom, type TWorkStatus } from '@v2mom/contracts';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { LoadError } from '../../../../components/ui/load-error';
import { ProgressBar } from '../../../../components/ui/progress-bar';
import { Skeleton } from '../../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { media } from '../../../../lib/theme/tokens';
import type { PagedList } from '../../../../lib/paged-list';
import { useAlignedV2moms } from '../../api/get-alignment-map';
import { StatusMix, countOf, statusMixText } from './status-mix';

/**
 * Which branches the map shows: all; those whose branch holds a method of a status; or, for
 * "Needs my approval", the V2MOMs awaiting the viewer's approval and the paths down to them.
 */
export type MapShow = { kind: 'all' } | { kind: 'status'; status: TWorkStatus } | { kind: 'awaiting'; onPath: ReadonlySet<number>; awaiting: ReadonlySet<number> };

/** The nodes `show` keeps of a branch's loaded rows. */
export function shownNodes(rows: readonly TAlignedV2mom[], show: MapShow): readonly TAlignedV2mom[] {
  switch (show.kind) {
    case 'all':
      return rows;
    case 'status':
      return rows.filter((node) => countOf(node.branch, show.status) > 0);
    case 'awaiting':
      return rows.filter((node) => show.onPath.has(node.id));
  }
}

/** What the tree shows and where the keyboard is (docs/PRODUCT.md#alignment-map). */
export interface TreeState {
  expanded: ReadonlySet<number>;
  toggle: (id: number, open?: boolean) => void;
  /** The node to move focus to once it is shown (a search's find). */
  focusId: number | null;
  show: MapShow;
  /** The path down to a search's find: each branch on it loads pages until it shows the next step. */
  seeking: ReadonlySet<number>;
  /** A plain nested list of what is loaded instead of the tree. */
  outline: boolean;
}

const Tree = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Group = styled.ul`
  list-style: none;
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  border-left: 1px solid ${({ theme }) => theme.colors.border};

  ${media.mobile} {
    padding-left: ${({ theme }) => theme.space[3]};
  }
`;

const Item = styled.li`
  outline: none;
  &:focus-visible > div:first-child {
    box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.focusRing};
  }
`;

const Row = styled.div<{ $atRisk: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(180px, 2fr) minmax(100px, 1fr) minmax(120px, 1fr) minmax(120px, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  align-items: center;
  margin: ${({ theme }) => theme.space[1]} 0;
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $atRisk }) => ($atRisk ? theme.colors.danger : theme.colors.border)};

  ${media.mobile} {
    grid-template-columns: auto 1fr;
    > :nth-child(n + 3) {
      grid-column: 2;
    }
  }
`;

const Toggle = styled.button`
  width: 28px;
  height: 28px;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const Title = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const OutlineItem = styled.li`
  margin: ${({ theme }) => theme.space[2]} 0;
  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
  }
`;

const Figure = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
`;

function treeItems(tree: HTMLElement): HTMLElement[] {
  return [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
}

/**
 * The tree's keys, as the ARIA tree pattern has them: up and down move through the nodes shown,
 * right opens a branch or enters it, left closes it or goes to its parent, Home and End go to the
 * first and last, Enter opens the V2MOM.
 */
function useTreeKeys(state: TreeState) {
  const navigate = useNavigate();
  return (event: KeyboardEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!item || item !== event.target) return;
    const items = treeItems(event.currentTarget);
    const index = items.indexOf(item);
    const id = Number(item.dataset.id);
    const expanded = item.getAttribute('aria-expanded');
    const moveTo = (target: HTMLElement | null | undefined) => target?.focus();
    switch (event.key) {
      case 'ArrowDown':
        moveTo(items[index + 1]);
        break;
      case 'ArrowUp':
        moveTo(items[index - 1]);
        break;
      case 'Home':
        moveTo(items[0]);
        break;
      case 'End':
        moveTo(items.at(-1));
        break;
      case 'ArrowRight':
        if (expanded === 'false') state.toggle(id, true);
        else if (expanded === 'true') moveTo(item.querySelector<HTMLElement>('[role="treeitem"]'));
        break;
      case 'ArrowLeft':
        if (expanded === 'true') state.toggle(id, false);
        else moveTo(item.parentElement?.closest<HTMLElement>('[role="treeitem"]'));
        break;
      case 'Enter':
        void navigate(pathTo.v2mom(id));
        break;
      default:
        return;
    }
    event.preventDefault();
  };
}

/** A node's figures in words, as screen readers hear them and the outline shows them. */
function figuresText(node: TAlignedV2mom): string {
  return `${V2MOM_LEVEL_LABELS[node.level]}, ${node.owner.name}, ${node.overallProgress}% done, ${node.methods.atRisk} of its methods at risk; branch: ${statusMixText(node.branch)}`;
}

/** The parent's changes its owner has not reviewed yet, in words. */
function parentChangesText(count: number): string {
  return count === 1 ? 'Parent changed, 1 change not reviewed' : `Parent changed, ${count} changes not reviewed`;
}

/** The parent changes not reviewed in the V2MOMs below a node, in words. */
function changesBelowText(count: number): string {
  return count === 1 ? '1 parent change not reviewed below' : `${count} parent changes not reviewed below`;
}

const Marks = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
  margin-top: ${({ theme }) => theme.space[1]};
`;

/** A node's marks: awaiting the viewer's approval, its parent's changes not reviewed yet, and those below it. */
function NodeMarks({ node, state }: { node: TAlignedV2mom; state: TreeState }) {
  const awaiting = state.show.kind === 'awaiting' && state.show.awaiting.has(node.id);
  const changes = node.unreviewedParentChanges;
  const below = node.unreviewedBelow;
  if (!awaiting && changes === 0 && below === 0) return null;
  return (
    <Marks>
      {awaiting ? (
        <Badge tone="info" dot>
          Awaiting your approval
        </Badge>
      ) : null}
      {changes > 0 ? (
        <Badge tone="warning" dot role="img" aria-label={parentChangesText(changes)} title={parentChangesText(changes)}>
          <span aria-hidden>Parent changed, not reviewed: {changes}</span>
        </Badge>
      ) : null}
      {below > 0 ? (
        <Badge tone="neutral" role="img" aria-label={changesBelowText(below)} title={changesBelowText(below)}>
          <span aria-hidden>Not reviewed below: {below}</span>
        </Badge>
      ) : null}
    </Marks>
  );
}

/** The marks in words, after the figures screen readers hear. */
function marksText(node: TAlignedV2mom, state: TreeState): string {
  const awaiting = state.show.kind === 'awaiting' && state.show.awaiting.has(node.id) ? '; awaiting your approval' : '';
  const changes = node.unreviewedParentChanges > 0 ? `; ${parentChangesText(node.unreviewedParentChanges)}` : '';
  const below = node.unreviewedBelow > 0 ? `; ${changesBelowText(node.unreviewedBelow)}` : '';
  return `${awaiting}${changes}${below}`;
}

/** A node of the outline: its title linked, its figures in words, and a button that shows or hides its branch. */
function OutlineNode({ node, level, state }: { node: TAlignedV2mom; level: number; state: TreeState }) {
  const open = state.expanded.has(node.id);
  return (
    <OutlineItem>
      <Link to={pathTo.v2mom(node.id)}>{node.title}</Link> <Muted>{figuresText(node)}</Muted>
      <NodeMarks node={node} state={state} />
      {node.alignedCount > 0 ? (
        <div>
          <Button type="button" size="sm" variant="ghost" aria-expanded={open} onClick={() => state.toggle(node.id)}>
            {open ? 'Hide' : 'Show'} the {node.alignedCount} aligned to {node.title}
          </Button>
        </div>
      ) : null}
      {open ? <Branch id={node.id} title={node.title} level={level + 1} state={state} /> : null}
    </OutlineItem>
  );
}

function Node({ node, level, state, first }: { node: TAlignedV2mom; level: number; state: TreeState; first: boolean }) {
  const open = state.expanded.has(node.id);
  const hasBranch = node.alignedCount > 0;
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (state.focusId === node.id) ref.current?.focus();
  }, [state.focusId, node.id]);
  const id = useId();
  return (
    <Item
      ref={ref}
      role="treeitem"
      aria-level={level}
      aria-expanded={hasBranch ? open : undefined}
      aria-describedby={`${id}-figures`}
      data-id={node.id}
      tabIndex={state.focusId === node.id || (state.focusId === null && first) ? 0 : -1}
    >
      <Row $atRisk={node.branch.atRisk > 0 && state.show.kind === 'status' && state.show.status === 'at_risk'}>
        {hasBranch ? (
          <Toggle type="button" tabIndex={-1} aria-hidden onClick={() => state.toggle(node.id)}>
            {open ? '▾' : '▸'}
          </Toggle>
        ) : (
          <span aria-hidden />
        )}
        <Title>
          <Link to={pathTo.v2mom(node.id)} tabIndex={-1}>
            {node.title}
          </Link>
          <VisuallyHidden id={`${id}-figures`}>
            {figuresText(node)}
            {marksText(node, state)}
          </VisuallyHidden>
          <Muted>
            {V2MOM_LEVEL_LABELS[node.level]} · {node.owner.name}
          </Muted>
          <NodeMarks node={node} state={state} />
        </Title>
        <Figure>
          <Muted>{node.overallProgress}% done</Muted>
          <ProgressBar value={node.overallProgress} size="sm" label={`${node.title} progress`} />
        </Figure>
        <Figure>
          <Muted>
            Own: {node.methods.total} methods, {node.methods.atRisk} at risk
          </Muted>
          <StatusMix counts={node.methods} label={`${node.title} methods`} />
        </Figure>
        <Figure>
          <Muted>
            Branch: {node.branch.total} methods, {node.branch.atRisk} at risk
          </Muted>
          <StatusMix counts={node.branch} label={`${node.title} branch`} />
        </Figure>
      </Row>
      {hasBranch && open ? <Branch id={node.id} title={node.title} level={level + 1} state={state} /> : null}
    </Item>
  );
}

/** A branch's V2MOMs, a page at a time. */
function Branch({ id, title, level, state }: { id: number; title: string; level: number; state: TreeState }) {
  const list = useAlignedV2moms(id, true);
  return (
    <Group role={state.outline ? undefined : 'group'} aria-label={`Aligned to ${title}`}>
      <Nodes list={list} level={level} state={state} label={`aligned to ${title}`} onPath={state.seeking.has(id)} />
    </Group>
  );
}

/** Loads the list's next page while it is on the path to a search's find and does not show the next step yet. */
function useSeek(list: PagedList<TAlignedV2mom>, state: TreeState, onPath: boolean) {
  const { hasMore, loading, failed, load } = list.more;
  const missing = onPath && list.rows !== undefined && !list.rows.some((node) => state.seeking.has(node.id));
  useEffect(() => {
    if (missing && hasMore && !loading && !failed) load();
  }, [missing, hasMore, loading, failed, load]);
}

function Nodes({ list, level, state, label, onPath }: { list: PagedList<TAlignedV2mom>; level: number; state: TreeState; label: string; onPath: boolean }) {
  useSeek(list, state, onPath);
  if (list.query.isError) {
    return (
      <li role="none">
        <LoadError title={`Couldn't load the V2MOMs ${label}`} error={list.query.error} onRetry={() => void list.query.refetch()} compact />
      </li>
    );
  }
  if (!list.rows) {
    return (
      <li role="none" aria-busy="true" aria-label={`Loading the V2MOMs ${label}`}>
        <Skeleton $height="48px" />
      </li>
    );
  }
  const rows = shownNodes(list.rows, state.show);
  return (
    <>
      {rows.map((node, index) =>
        state.outline ? (
          <OutlineNode key={node.id} node={node} level={level} state={state} />
        ) : (
          <Node key={node.id} node={node} level={level} state={state} first={level === 1 && index === 0} />
        ),
      )}
      {list.more.hasMore ? (
        <li role="none">
          <Button type="button" size="sm" onClick={list.more.load} disabled={list.more.loading} aria-label={`Load more V2MOMs ${label}`}>
            {list.more.loading ? 'Loading more...' : list.more.failed ? "Couldn't load more. Try again" : 'Load more'}
          </Button>
        </li>
      ) : null}
    </>
  );
}

/** The map as an ARIA tree, or as a plain outline: the top of the year, each branch opened on demand. */
export function AlignmentTree({ roots, state }: { roots: PagedList<TAlignedV2mom>; state: TreeState }) {
  const onKeyDown = useTreeKeys(state);
  if (state.outline) {
    return (
      <Tree aria-label="Alignment outline">
        <Nodes list={roots} level={1} state={state} label="at the top of the map" onPath={state.seeking.size > 0} />
      </Tree>
    );
  }
  return (
    <Tree role="tree" aria-label="Alignment map" onKeyDown={onKeyDown}>
      <Nodes list={roots} level={1} state={state} label="at the top of the map" onPath={state.seeking.size > 0} />
    </Tree>
  );
}
