import { PagedCards } from '../../../components/ui/paged-cards';
import { useTaskPages } from '../../../features/tasks/api/get-task-page';
import { TeamTaskCard } from '../../../features/team/components/team-status/work-cards';

/**
 * The department's tasks, newest first, a page at a time from the server (docs/PRODUCT.md#team-status-screen):
 * the next page comes as the reader nears the end.
 */
export function DepartmentTasks({ department }: { department: string }) {
  const tasks = useTaskPages({ department, sort: 'newest', dir: 'desc' });
  return (
    <PagedCards
      list={tasks}
      label={`Tasks of ${department}`}
      noun="tasks"
      errorTitle="We couldn't load the team's tasks."
      empty={`No tasks found for ${department}`}
      render={(task) => <TeamTaskCard task={task} />}
    />
  );
}
