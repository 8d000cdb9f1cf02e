import { V2MOM_LEVEL_LABELS, fiscalYearOf, type TV2mom } from '@v2mom/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Field, Input, Select } from '../../../../components/ui/field';
import { LoadError } from '../../../../components/ui/load-error';
import { clock } from '../../../../lib/clock';
import { media } from '../../../../lib/theme/tokens';
import { usePausedValue } from '../../../../lib/use-paused-value';
import { useAlignmentRoots, v2momPathQueryOptions } from '../../api/get-alignment-map';
import { useV2momSearch } from '../../api/get-v2mom-page';
import { AlignmentTree, type TreeState } from './alignment-tree';

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

/** The alignment map (docs/PRODUCT.md#alignment-map): the year's company V2MOM at the top, branches opened on demand. */
export function AlignmentMap() {
  const year = fiscalYearOf(clock.now());
  const roots = useAlignmentRoots(year);
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [focusId, setFocusId] = useState<number | null>(null);
  const [atRiskOnly, setAtRiskOnly] = useState(false);
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

  const state: TreeState = useMemo(
    () => ({ expanded, toggle, focusId, atRiskOnly, seeking, outline }),
    [expanded, toggle, focusId, atRiskOnly, seeking, outline],
  );

  return (
    <>
      <FilterBar>
        <MapSearch year={year} onFound={(v2mom) => void openPath(v2mom)} />
        <Field label="Show" htmlFor={filterId}>
          <Select id={filterId} value={atRiskOnly ? 'at-risk' : 'all'} onChange={(event) => setAtRiskOnly(event.target.value === 'at-risk')}>
            <option value="all">All branches</option>
            <option value="at-risk">At risk only</option>
          </Select>
        </Field>
        <Field label="View" htmlFor={viewId}>
          <Select id={viewId} value={outline ? 'outline' : 'tree'} onChange={(event) => setOutline(event.target.value === 'outline')}>
            <option value="tree">Tree</option>
            <option value="outline">Outline</option>
          </Select>
        </Field>
      </FilterBar>
      {roots.query.isError ? (
        <LoadError title="Couldn't load the alignment map" error={roots.query.error} onRetry={() => void roots.query.refetch()} />
      ) : roots.rows?.length === 0 ? (
        <EmptyState title={`No V2MOMs for ${year} yet`} description="The map fills as V2MOMs of the year are written and aligned." />
      ) : (
        <AlignmentTree roots={roots} state={state} />
      )}
    </>
  );
}
