import { V2MOM_LEVEL_LABELS, WORK_STATUSES, WORK_STATUS_LABELS, fiscalYearOf, type TAlignmentAwaitingPage, type TV2mom, type TWorkStatus } from '@v2mom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Field, Input, Select } from '../../../../components/ui/field';
import { LoadError } from '../../../../components/ui/load-error';
import { LoadingBlock } from '../../../../components/ui/loading-block';
import { clock } from '../../../../lib/clock';
import { media } from '../../../../lib/theme/tokens';
import { usePausedValue } from '../../../../lib/use-paused-value';
import { alignmentAwaitingQueryOptions, useAlignmentAwaiting, useAlignmentRoots, v2momPathQueryOptions } from '../../api/get-alignment-map';
import { useV2momSearch } from '../../api/get-v2mom-page';
import { AlignmentTree, type MapShow, type TreeState } from './alignment-tree';

/** The filter bar: a search, a status filter and the view (tree or outline). */
const FilterBar = styled(Card)`
  display: grid;
  grid-template-columns: minmax(220px, 2fr) minmax(160px, 1fr) minmax(160px, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space[4]};

  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Results = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space[1]} 0 0;
  padding: 0;
  button {
    width: 100%;
    text-align: left;
    padding: ${({ theme }) => theme.space[2]};
    border: none;
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    cursor: pointer;
  }
  button:hover,
  button:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

/** Search as one types; choosing a find opens the map down to it and moves focus there. */
function MapSearch({ year, onFound }: { year: number; onFound: (v2mom: TV2mom) => void }) {
  const [text, setText] = useState('');
  const q = usePausedValue(text.trim());
  const results = useV2momSearch(q, q.length > 0, { year });
  const id = useId();
  return (
    <Field label="Find a V2MOM" htmlFor={id}>
      <Input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Title" autoComplete="off" />
      {q.length > 0 ? (
        <Results aria-label="V2MOMs found">
          {results.rows?.length === 0 ? <li>No V2MOM matches</li> : null}
          {results.rows?.map((v2mom) => (
            <li key={v2mom.id}>
              <button
                type="button"
                onClick={() => {
                  setText('');
                  onFound(v2mom);
                }}
              >
                {v2mom.title} · {V2MOM_LEVEL_LABELS[v2mom.level]}
              </button>
            </li>
          ))}
        </Results>
      ) : null}
    </Field>
  );
}

/** The choices of Show: every branch, those holding a method of a status (at risk first), or what awaits the viewer's approval. */
type ShowChoice = 'all' | TWorkStatus | 'awaiting';
const STATUS_CHOICES: readonly TWorkStatus[] = ['at_risk', ...WORK_STATUSES.filter((status) => status !== 'at_risk')];

function isStatus(choice: ShowChoice): choice is TWorkStatus {
  return (WORK_STATUSES as readonly string[]).includes(choice);
}

/** The V2MOMs awaiting approval, and every V2MOM on the paths down to them, of the pages held. */
function awaitingShow(pages: readonly TAlignmentAwaitingPage[] | undefined): Extract<MapShow, { kind: 'awaiting' }> {
  const rows = pages?.flatMap((page) => page.rows) ?? [];
  return { kind: 'awaiting', awaiting: new Set(rows.map((row) => row.id)), onPath: new Set(rows.flatMap((row) => row.path)) };
}

/** The alignment map (docs/PRODUCT.md#alignment-map): the year's company V2MOM at the top, branches opened on demand. */
export function AlignmentMap() {
  const year = fiscalYearOf(clock.now());
  const roots = useAlignmentRoots(year);
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [focusId, setFocusId] = useState<number | null>(null);
  const [choice, setChoice] = useState<ShowChoice>('all');
  const awaiting = useAlignmentAwaiting(choice === 'awaiting');
  const [seeking, setSeeking] = useState<ReadonlySet<number>>(new Set());
  const [outline, setOutline] = useState(false);
  const filterId = useId();
  const viewId = useId();

  const toggle = useCallback((id: number, open?: boolean) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !current.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const openPath = useCallback(
    async (v2mom: TV2mom) => {
      const { path } = await queryClient.fetchQuery(v2momPathQueryOptions(v2mom.id));
      setExpanded((current) => new Set([...current, ...path.slice(0, -1).map((step) => step.id)]));
      setSeeking(new Set(path.map((step) => step.id)));
      setFocusId(v2mom.id);
    },
    [queryClient],
  );

  const awaitingPages = awaiting.data?.pages;
  const show: MapShow = useMemo(() => {
    if (choice === 'awaiting') return awaitingShow(awaitingPages);
    return isStatus(choice) ? { kind: 'status', status: choice } : { kind: 'all' };
  }, [choice, awaitingPages]);

  // "Needs my approval" opens the branches down to each V2MOM awaiting, as a search's find is opened.
  const openAwaiting = useCallback((pages: readonly TAlignmentAwaitingPage[]) => {
    const { onPath, awaiting: marked } = awaitingShow(pages);
    setExpanded((current) => new Set([...current, ...[...onPath].filter((id) => !marked.has(id))]));
    setSeeking(onPath);
  }, []);

  const choose = (next: ShowChoice) => {
    setChoice(next);
    setSeeking(new Set());
    if (next === 'awaiting') {
      void queryClient
        .fetchInfiniteQuery(alignmentAwaitingQueryOptions())
        .then((data) => openAwaiting(data.pages))
        .catch(() => undefined); // the map shows the query's error
    }
  };

  const loadMoreAwaiting = () => {
    void awaiting.fetchNextPage().then((result) => {
      if (result.data) openAwaiting(result.data.pages);
    });
  };

  const state: TreeState = useMemo(() => ({ expanded, toggle, focusId, show, seeking, outline }), [expanded, toggle, focusId, show, seeking, outline]);
  const nothingAwaits = choice === 'awaiting' && awaiting.data !== undefined && show.kind === 'awaiting' && show.awaiting.size === 0;

  return (
    <>
      <FilterBar>
        <MapSearch year={year} onFound={(v2mom) => void openPath(v2mom)} />
        <Field label="Show" htmlFor={filterId}>
          <Select
            id={filterId}
            value={choice}
            onChange={(event) => choose(event.target.value as ShowChoice)}
          >
            <option value="all">All branches</option>
            {STATUS_CHOICES.map((status) => (
              <option key={status} value={status}>
                {WORK_STATUS_LABELS[status]} only
              </option>
            ))}
            <option value="awaiting">Needs my approval</option>
          </Select>
        </Field>
        <Field label="View" htmlFor={viewId}>
          <Select id={viewId} value={outline ? 'outline' : 'tree'} onChange={(event) => setOutline(event.target.value === 'outline')}>
            <option value="tree">Tree</option>
            <option value="outline">Outline</option>
          </Select>
        </Field>
      </FilterBar>
      {choice === 'awaiting' && awaiting.isError ? (
        <LoadError title="Couldn't load what awaits your approval" error={awaiting.error} onRetry={() => void awaiting.refetch()} />
      ) : choice === 'awaiting' && awaiting.isPending ? (
        <LoadingBlock label="Loading what awaits your approval" />
      ) : nothingAwaits ? (
        <EmptyState title="Nothing awaits your approval" description="V2MOMs submitted to you show here, with the branches above them opened." />
      ) : roots.query.isError ? (
        <LoadError title="Couldn't load the alignment map" error={roots.query.error} onRetry={() => void roots.query.refetch()} />
      ) : roots.rows?.length === 0 ? (
        <EmptyState title={`No V2MOMs for ${year} yet`} description="The map fills as V2MOMs of the year are written and aligned." />
      ) : (
        <AlignmentTree roots={roots} state={state} />
      )}
      {choice === 'awaiting' && awaiting.hasNextPage ? (
        <Button type="button" size="sm" onClick={loadMoreAwaiting} disabled={awaiting.isFetchingNextPage}>
          {awaiting.isFetchingNextPage ? 'Loading more...' : awaiting.isFetchNextPageError ? "Couldn't load more. Try again" : 'Load more awaiting your approval'}
        </Button>
      ) : null}
    </>
  );
}
