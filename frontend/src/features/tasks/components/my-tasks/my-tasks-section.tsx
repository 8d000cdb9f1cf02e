import type { TTask, TUser } from '@v2mom/contracts';
import { useCallback, useEffect } from 'react';
import styled from 'styled-components';
import { EmptyState } from '../../../../components/ui/empty-state';
import { CheckSquareIcon } from '../../../../components/ui/icons';
import { LoadError } from '../../../../components/ui/load-error';
import { Section } from '../../../../components/ui/section';
import { Skeleton } from '../../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { useUserTasks } from '../../api/get-user-tasks';
import { MyTaskCard } from './my-task-card';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 380px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const SkeletonCard = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

/** The key of a task in the page's one edit slot (docs/PRODUCT.md#my-methods-and-tasks). */
const taskEditKey = (id: number) => `task:${id}`;

export interface MyTasksSectionProps {
  actor: TUser;
  /** The one item in edit mode on the page (a method or a task), if any. */
  editingKey: string | null;
  onEditingChange: (key: string | null) => void;
}

/** 'My Tasks': the signed-in user's tasks, newest first, with loading, empty and failed states. */
export function MyTasksSection({ actor, editingKey, onEditingChange }: MyTasksSectionProps) {
  const tasks = useUserTasks(actor.id);
  const { refetch } = tasks;

  const onEdit = useCallback((id: number) => onEditingChange(taskEditKey(id)), [onEditingChange]);
  const onDone = useCallback(() => onEditingChange(null), [onEditingChange]);
  const onReload = useCallback(async (id: number): Promise<TTask | undefined> => (await refetch()).data?.find((task) => task.id === id), [refetch]);

  // A task that left the list (deleted, or given to someone else) frees the edit slot.
  const editedGone =
    editingKey?.startsWith('task:') === true && tasks.data !== undefined && !tasks.data.some((task) => taskEditKey(task.id) === editingKey);
  useEffect(() => {
    if (editedGone) onEditingChange(null);
  }, [editedGone, onEditingChange]);

  return (
    <Section id="my-tasks-heading" title="My Tasks">
      {tasks.isPending ? (
        <>
          <VisuallyHidden role="status">Loading your tasks...</VisuallyHidden>
          <List aria-busy="true">
            {[0, 1].map((index) => (
              <SkeletonCard key={index} aria-hidden="true" data-testid="my-task-skeleton">
                <Skeleton $width="50%" $height="20px" />
                <Skeleton />
                <Skeleton $width="70%" />
              </SkeletonCard>
            ))}
          </List>
        </>
      ) : tasks.isError ? (
        <LoadError title="We couldn't load your tasks." error={tasks.error} onRetry={() => void refetch()} compact />
      ) : tasks.data.length === 0 ? (
        <EmptyState compact icon={<CheckSquareIcon />} title="No tasks yet" description="Tasks assigned to you will appear here." />
      ) : (
        <List>
          {tasks.data.map((task) => (
            <li key={task.id}>
              <MyTaskCard
                task={task}
                actor={actor}
                editing={editingKey === taskEditKey(task.id)}
                editLocked={editingKey !== null && editingKey !== taskEditKey(task.id)}
                onEdit={onEdit}
                onDone={onDone}
                onReload={onReload}
              />
            </li>
          ))}
        </List>
      )}
    </Section>
  );
}
