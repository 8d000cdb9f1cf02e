import styled from 'styled-components';
import { Card, StackList } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { MoreRows } from '../../../components/ui/more-rows';
import { useTaskPages } from '../../../features/tasks/api/get-task-page';
import { TeamTaskCard } from '../../../features/team/components/team-status/work-cards';

const EmptyCard = styled(Card)`
  padding: 0;
`;

const Waiting = styled.p`
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * The department's tasks, newest first, a page at a time from the server (docs/PRODUCT.md#team-status-screen):
 * the next page comes as the reader nears the end.
 */
export function DepartmentTasks({ department }: { department: string }) {
  const tasks = useTaskPages({ department, sort: 'newest', dir: 'desc' });
  if (tasks.query.isError) {
    return (
      <Card>
        <LoadError title="We couldn't load the team's tasks." error={tasks.query.error} onRetry={() => void tasks.query.refetch()} />
      </Card>
    );
  }
  if (!tasks.rows) return <Waiting role='status'>Loading tasks...</Waiting>;
  if (tasks.rows.length === 0) {
    return (
      <EmptyCard>
        <EmptyState compact title={`No tasks found for ${department}`} />
      </EmptyCard>
    );
  }
  return (
    <>
      <StackList aria-label={`Tasks of ${department}`}>
        {tasks.rows.map((task) => (
          <li key={task.id}>
            <TeamTaskCard task={task} />
          </li>
        ))}
      </StackList>
      <MoreRows more={tasks.more} label='tasks' />
    </>
  );
}
