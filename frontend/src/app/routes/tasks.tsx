import { canManageTasks, type TTask, type TTaskStatus } from '@v2mom/contracts';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useUrlParams } from '../../lib/use-url-params';
import styled from 'styled-components';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { AlertIcon, CheckSquareIcon, PlusIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { useTaskPages } from '../../features/tasks/api/get-task-page';
import { ActiveFilters } from '../../features/tasks/components/task-list/active-filters';
import { DeleteTaskDialog } from '../../features/tasks/components/task-list/delete-task-dialog';
import { StatusFilter } from '../../features/tasks/components/task-list/status-filter';
import {
  STATUS_PARAM,
  paramFromStatuses,
  statusesFromParam,
  tasksView,
} from '../../features/tasks/components/task-list/task-filter';
import { TaskList, TaskListSkeleton } from '../../features/tasks/components/task-list/task-list';
import { useSignedInUser } from '../../lib/auth/use-signed-in-user';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { ExportMenu } from '../../features/sheets/components/export-menu';

// The form, its pickers and its rules' schema load when someone first adds a task: the first view shows no form.
const NewTaskDialog = lazy(() => import('./new-task-dialog'));

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const Panel = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

/**
 * The status filter, kept in the URL (`?status=in_progress,at_risk`) so it survives reload and can
 * be shared. The screen reads its own copy: a toggle re-renders at once, and the URL follows.
 */
function useStatusFilter(): [TTaskStatus[], (statuses: TTaskStatus[]) => void] {
  const [searchParams, updateParams] = useUrlParams();
  const [statuses, setLocalStatuses] = useState(() => statusesFromParam(searchParams.get(STATUS_PARAM)));
  const setStatuses = useCallback(
    (next: TTaskStatus[]) => {
      const value = paramFromStatuses(next);
      setLocalStatuses(statusesFromParam(value));
      updateParams((params) => (value === null ? params.delete(STATUS_PARAM) : params.set(STATUS_PARAM, value)));
    },
    [updateParams],
  );
  return [statuses, setStatuses];
}

/** Tasks (docs/PRODUCT.md#tasks-screen): every task a page at a time, filtered by status on the server; create and delete for manage_tasks. */
export default function TasksPage() {
  const user = useSignedInUser();
  const mayManage = canManageTasks(user);
  const [statuses, setStatuses] = useStatusFilter();
  const view = useMemo(() => tasksView(statuses), [statuses]);
  const tasks = useTaskPages(view);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TTask | null>(null);

  const clearFilters = useCallback(() => setStatuses([]), [setStatuses]);
  const openCreate = useCallback(() => setCreating(true), []);
  const askDelete = useCallback((task: TTask) => setDeleting(task), []);

  let body;
  if (tasks.query.isPending) {
    body = <TaskListSkeleton />;
  } else if (tasks.query.isError || !tasks.rows) {
    body = (
      <Panel>
        <EmptyState
          role="alert"
          icon={<AlertIcon />}
          title="Tasks feature coming soon"
          description="The tasks database is being set up. This feature will be available once the database migration is complete."
        />
      </Panel>
    );
  } else if (tasks.rows.length === 0 && statuses.length === 0) {
    body = (
      <Panel>
        <EmptyState
          icon={<CheckSquareIcon />}
          title="No tasks yet"
          description={mayManage ? 'Get started by creating your first task.' : 'Tasks will appear here when they are created.'}
          action={
            mayManage ? (
              <Button variant="primary" leadingIcon={<PlusIcon />} onClick={openCreate}>
                Create First Task
              </Button>
            ) : undefined
          }
        />
      </Panel>
    );
  } else if (tasks.rows.length === 0) {
    body = (
      <Panel>
        <EmptyState
          icon={<CheckSquareIcon />}
          title="No tasks match your filters"
          action={<Button onClick={clearFilters}>Clear Filters</Button>}
        />
      </Panel>
    );
  } else {
    body = <TaskList tasks={tasks.rows} more={tasks.more} onDelete={mayManage ? askDelete : undefined} />;
  }

  return (
    <>
      <PageHeader
        title="Tasks"
        subtitle="Manage team tasks and assignments"
        actions={
          <>
            <ExportMenu download={{ route: SHEET_PATHS.exportTasks, query: view }} />
            {mayManage && (
              <Button variant="primary" leadingIcon={<PlusIcon />} onClick={openCreate}>
                Add Task
              </Button>
            )}
          </>
        }
      />
      <Toolbar>
        <StatusFilter selected={statuses} onChange={setStatuses} />
      </Toolbar>
      <ActiveFilters selected={statuses} onChange={setStatuses} />
      <section aria-label="Task list" aria-busy={tasks.query.isPending || undefined}>
        {body}
      </section>
      {creating ? (
        <Suspense fallback={null}>
          <NewTaskDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
      {deleting ? <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
