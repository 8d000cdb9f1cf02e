import { canUpdateTask, type TTask, type TUser } from '@v2mom/contracts';
import { memo, type ComponentProps } from 'react';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { TextOr } from '../../../../components/ui/text-or';
import { CardMeta, CardTitle, CardTop, clampedText, factLabel, useFocusReturn, WorkCard } from '../../../../components/ui/work-card';
import { formatDate } from '../../../../lib/dates';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import type { MyTaskEditor as LoadedMyTaskEditor } from './my-task-editor';
import { lazyEditor } from '../../../../components/lazy-editor';
import { UserText } from '../../../../components/ui/user-text';

const Description = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
`;

const Updates = styled.div`
  h4 {
    ${factLabel}
  }
`;

/** Updates clamped like a method's update text. */
const ClampedText = styled.p`
  ${clampedText}
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface MyTaskCardProps {
  task: TTask;
  actor: TUser;
  editing: boolean;
  /** Another item is in edit mode: only one at a time. */
  editLocked: boolean;
  onEdit: (taskId: number) => void;
  onDone: () => void;
  onReload: (taskId: number) => Promise<TTask | undefined>;
}

// My Methods' first view shows no task editor.
const { Editor: MyTaskEditor, preloadOn: preloadEditorOn } = lazyEditor<ComponentProps<typeof LoadedMyTaskEditor>>(() =>
  import('./my-task-editor').then(({ MyTaskEditor }) => ({ default: MyTaskEditor })),
);

/** One of the signed-in user's tasks, shown or edited in place (docs/PRODUCT.md#my-methods-and-tasks). */
function MyTaskCardView({ task, actor, editing, editLocked, onEdit, onDone, onReload }: MyTaskCardProps) {
  const titleId = `my-task-${task.id}-title`;
  const change = useRecentChange(changeKeys.item('task', task.id));
  const editButton = useFocusReturn<HTMLButtonElement>(editing);
  const mayEdit = canUpdateTask(actor, task);

  return (
    <WorkCard aria-labelledby={titleId} $flash={change?.serial} $editing={editing} $tightOnPhone data-testid="my-task-card">
      <CardTop>
        <div>
          <CardTitle id={titleId}>{task.title}</CardTitle>
          <CardMeta>
            {task.method ? (
              <>
                Method: <UserText>{task.method.description}</UserText> ·{' '}
              </>
            ) : null}
            Created {formatDate(task.createdAt)}
          </CardMeta>
          <ChangedByNote change={change} />
        </div>
        <WorkStatusBadge status={task.status} />
      </CardTop>
      <Description>{task.description}</Description>
      {editing ? (
        <MyTaskEditor task={task} onDone={onDone} onReload={() => onReload(task.id)} />
      ) : (
        <>
          <Updates>
            <h4>Latest Updates</h4>
            <ClampedText data-testid="task-updates"><TextOr value={task.updates} empty="No updates yet" /></ClampedText>
          </Updates>
          {mayEdit ? (
            <Actions>
              <Button
                ref={editButton}
                size="sm"
                disabled={editLocked}
                {...preloadEditorOn}
                onClick={() => onEdit(task.id)}
                aria-label={`Edit ${task.title}`}
              >
                Edit
              </Button>
            </Actions>
          ) : null}
        </>
      )}
    </WorkCard>
  );
}

export const MyTaskCard = memo(MyTaskCardView);
