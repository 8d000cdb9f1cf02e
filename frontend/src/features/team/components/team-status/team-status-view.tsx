import type { TMethodListItem, TTeamStatusCounts } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { StaleOnlySwitch, useStaleMarks } from '../../../../components/stale-marks';
import { Card, CardTitle } from '../../../../components/ui/card';
import { PagedCards } from '../../../../components/ui/paged-cards';
import { Section } from '../../../../components/ui/section';
import type { PagedList } from '../../../../lib/paged-list';
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

export interface TeamStatusViewProps {
  department: string;
  /** The department's methods, latest change first (stale ones alone with `staleOnly`), a page at a time from the server. */
  methods: PagedList<TMethodListItem>;
  /** The department's methods and stale methods, counted by the server; undefined until known. */
  counts: TTeamStatusCounts | undefined;
  /** How many tasks the department has, counted by the server; undefined until known. */
  taskCount: number | undefined;
  /** The department's task list, read a page at a time by the page. */
  tasks: ReactNode;
  /** Only the department's stale methods (docs/PRODUCT.md#rhythm); its tasks all the same. */
  staleOnly: boolean;
  onStaleOnly: (staleOnly: boolean) => void;
}

/** The chosen department's overview, methods and tasks (docs/PRODUCT.md#team-status-screen). */
export function TeamStatusView({ department, methods, counts, taskCount, tasks, staleOnly, onStaleOnly }: TeamStatusViewProps) {
  // The stale figures come with the marks that show which methods they count.
  const staleCount = useStaleMarks() ? counts?.staleMethods : undefined;

  return (
    <>
      <Overview aria-labelledby="team-status-overview">
        <CardTitle id="team-status-overview">{`${department} Overview`}</CardTitle>
        <Figures>
          <div>
            <dt>Methods</dt>
            <dd>{counts?.methods ?? '–'}</dd>
          </div>
          <div>
            <dt>Tasks</dt>
            <dd>{taskCount ?? '–'}</dd>
          </div>
          {staleCount !== undefined ? (
            <div>
              <dt>Stale methods</dt>
              <dd>{staleCount}</dd>
            </div>
          ) : null}
        </Figures>
      </Overview>

      <Section id="team-status-methods" title="Methods" actions={<StaleOnlySwitch checked={staleOnly} onChange={onStaleOnly} count={staleCount} />}>
        <PagedCards
          list={methods}
          label={`Methods of ${department}`}
          noun="methods"
          errorTitle="We couldn't load the team's methods."
          empty={staleOnly ? `No stale methods in ${department}` : `No methods found for ${department}`}
          render={(method) => <TeamMethodCard method={method} />}
        />
      </Section>

      <Section id="team-status-tasks" title="Tasks">
        {tasks}
      </Section>
    </>
  );
}
