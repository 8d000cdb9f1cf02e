import type { TUser } from '@v2mom/contracts';
import { EmptyState } from '../../../../components/ui/empty-state';
import { CheckSquareIcon } from '../../../../components/ui/icons';
import { QueryCardGrid } from '../../../../components/ui/query-card-grid';
import { Section } from '../../../../components/ui/section';
import { Skeleton } from '../../../../components/ui/skeleton';
import { useEditSlot } from '../../../../lib/edit-slot';
import { useUserTasks } from '../../api/get-user-tasks';
import { MyTaskCard } from './my-task-card';

export interface MyTasksSectionProps {
  actor: TUser;
  /** The one item in edit mode on the page (a method or a task), if any. */
  editingKey: string | null;
  onEditingChange: (key: string | null) => void;
}

/** 'My Tasks': the signed-in user's tasks, newest first, with loading, empty and failed states. */
export function MyTasksSection({ actor, editingKey, onEditingChange }: MyTasksSectionProps) {
  const tasks = useUserTasks(actor.id);
  const slot = useEditSlot({ kind: 'task', rows: tasks.data, refetch: tasks.refetch, editingKey, onEditingChange });

  return (
    <Section id="my-tasks-heading" title="My Tasks">
      <QueryCardGrid
        query={tasks}
        loadingText="Loading your tasks..."
        skeletonTestId="my-task-skeleton"
        skeleton={
          <>
            <Skeleton $width="50%" $height="20px" />
            <Skeleton />
            <Skeleton $width="70%" />
          </>
        }
        errorTitle="We couldn't load your tasks."
        empty={<EmptyState compact icon={<CheckSquareIcon />} title="No tasks yet" description="Tasks assigned to you will appear here." />}
        itemKey={(task) => task.id}
        renderItem={(task) => (
          <MyTaskCard
            task={task}
            actor={actor}
            editing={slot.isEditing(task.id)}
            editLocked={slot.isLocked(task.id)}
            onEdit={slot.onEdit}
            onDone={slot.onDone}
            onReload={slot.onReload}
          />
        )}
      />
    </Section>
  );
}
