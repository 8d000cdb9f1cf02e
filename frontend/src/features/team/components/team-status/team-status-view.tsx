import type { TMethodListItem } from '@v2mom/contracts';
import { useMemo, type ReactNode } from 'react';
import styled from 'styled-components';
import { onlyStale, StaleOnlySwitch, useStaleMarks } from '../../../../components/stale-marks';
import { Card, CardTitle } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Section } from '../../../../components/ui/section';
import { PagedList } from './paged-list';
import { methodsOfDepartment } from './team-status-filter';
import { TeamMethodCard } from './work-cards';

const Overview = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Figures = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[8]};
  margin: ${({ theme }) => theme.space[3]} 0 0;

  dt {
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize['2xl']};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    font-variant-numeric: tabular-nums;
  }
`;

const EmptyCard = styled(Card)`
  padding: 0;
`;

const Waiting = styled.p`
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const itself = (method: TMethodListItem) => method;

export interface TeamStatusViewProps {
  department: string;
  methods: readonly TMethodListItem[];
  /** How many tasks the department has, counted by the server; undefined until known. */
  taskCount: number | undefined;
  /** The department's task list, read a page at a time by the page. */
  tasks: ReactNode;
  /** Only the department's stale methods (docs/PRODUCT.md#rhythm); its tasks all the same. */
  staleOnly: boolean;
  onStaleOnly: (staleOnly: boolean) => void;
}

/** The chosen department's overview, methods and tasks (docs/PRODUCT.md#team-status-screen). */
export function TeamStatusView({ department, methods, taskCount, tasks, staleOnly, onStaleOnly }: TeamStatusViewProps) {
  const work = useMemo(() => methodsOfDepartment(department, methods), [department, methods]);
  const marks = useStaleMarks();
  const stale = useMemo(() => (marks ? onlyStale(marks, work, itself) : undefined), [marks, work]);
  const shownMethods = staleOnly ? stale : work;

  return (
    <>
      <Overview aria-labelledby="team-status-overview">
        <CardTitle id="team-status-overview">{`${department} Overview`}</CardTitle>
        <Figures>
          <div>
            <dt>Methods</dt>
            <dd>{work.length}</dd>
          </div>
          <div>
            <dt>Tasks</dt>
            <dd>{taskCount ?? '–'}</dd>
          </div>
          {stale ? (
            <div>
              <dt>Stale methods</dt>
              <dd>{stale.length}</dd>
            </div>
          ) : null}
        </Figures>
      </Overview>

      <Section id="team-status-methods" title="Methods" actions={<StaleOnlySwitch checked={staleOnly} onChange={onStaleOnly} count={stale?.length} />}>
        {!shownMethods ? (
          // Stale only, asked for in the link, waits for the rhythm that says which are stale.
          <Waiting role="status">Loading the stale marks...</Waiting>
        ) : shownMethods.length === 0 ? (
          <EmptyCard>
            <EmptyState compact title={staleOnly ? `No stale methods in ${department}` : `No methods found for ${department}`} />
          </EmptyCard>
        ) : (
          // Keyed by department and filter: another department or filter starts again at its first page.
          <PagedList
            key={`${department} ${staleOnly}`}
            label={`Methods of ${department}`}
            items={shownMethods}
            keyOf={(method) => method.id}
            render={(method) => <TeamMethodCard method={method} />}
          />
        )}
      </Section>

      <Section id="team-status-tasks" title="Tasks">
        {tasks}
      </Section>
    </>
  );
}
