import type { TMethodListItem, TTask } from '@v2mom/contracts';
import { useMemo } from 'react';
import styled from 'styled-components';
import { Card, CardTitle } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Section } from '../../../../components/ui/section';
import { PagedList } from './paged-list';
import { workOfDepartment } from './team-status-filter';
import { TeamMethodCard, TeamTaskCard } from './work-cards';

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

export interface TeamStatusViewProps {
  department: string;
  methods: readonly TMethodListItem[];
  tasks: readonly TTask[];
}

/** The chosen department's overview, methods and tasks (docs/PRODUCT.md#team-status-screen). */
export function TeamStatusView({ department, methods, tasks }: TeamStatusViewProps) {
  const work = useMemo(() => workOfDepartment(department, methods, tasks), [department, methods, tasks]);

  return (
    <>
      <Overview aria-labelledby="team-status-overview">
        <CardTitle id="team-status-overview">{`${department} Overview`}</CardTitle>
        <Figures>
          <div>
            <dt>Methods</dt>
            <dd>{work.methods.length}</dd>
          </div>
          <div>
            <dt>Tasks</dt>
            <dd>{work.tasks.length}</dd>
          </div>
        </Figures>
      </Overview>

      <Section id="team-status-methods" title="Methods">
        {work.methods.length === 0 ? (
          <EmptyCard>
            <EmptyState compact title={`No methods found for ${department}`} />
          </EmptyCard>
        ) : (
          // Keyed by department: another department starts again at its first page.
          <PagedList
            key={department}
            label={`Methods of ${department}`}
            items={work.methods}
            keyOf={(method) => method.id}
            render={(method) => <TeamMethodCard method={method} />}
          />
        )}
      </Section>

      <Section id="team-status-tasks" title="Tasks">
        {work.tasks.length === 0 ? (
          <EmptyCard>
            <EmptyState compact title={`No tasks found for ${department}`} />
          </EmptyCard>
        ) : (
          <PagedList
            key={department}
            label={`Tasks of ${department}`}
            items={work.tasks}
            keyOf={(task) => task.id}
            render={(task) => <TeamTaskCard task={task} />}
          />
        )}
      </Section>
    </>
  );
}
