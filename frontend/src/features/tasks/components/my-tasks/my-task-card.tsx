import { canUpdateTask, workStatusLabel, workStatusTone, type TTask, type TUser } from '@v2mom/contracts';
import { DateTime } from 'luxon';
import { memo, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { Badge, badgeToneOf } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { liveFlash } from '../../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { MyTaskEditor } from './my-task-editor';

const Root = styled.article<{ $flash?: number; $editing: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme, $editing }) => ($editing ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  ${({ $flash }) => liveFlash($flash)}

  @media (max-width: 480px) {
    padding: ${({ theme }) => theme.space[4]};
  }
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h3`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
`;

const Updates = styled.div`
  h4 {
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textSubtle};
  }
`;

/** Updates clamped like a method's update text: four lines, three on a phone. */
const ClampedText = styled.p`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 4;
  overflow: hidden;
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  @media (max-width: 480px) {
    -webkit-line-clamp: 3;
  }
`;

const Empty = styled.span`
  color: ${({ theme }) => theme.colors.textSubtle};
  font-style: italic;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

function formatCreated(value: string): string {
  const date = DateTime.fromISO(value);
  return date.isValid ? date.toLocaleString(DateTime.DATE_MED) : value;
}

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

/** One of the signed-in user's tasks, shown or edited in place (docs/PRODUCT.md#my-methods-and-tasks). */
function MyTaskCardView({ task, actor, editing, editLocked, onEdit, onDone, onReload }: MyTaskCardProps) {
  const titleId = `my-task-${task.id}-title`;
  const change = useRecentChange(changeKeys.item('task', task.id));
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  const mayEdit = canUpdateTask(actor, task);

  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  return (
    <Root aria-labelledby={titleId} $flash={change?.serial} $editing={editing} data-testid="my-task-card">
      <Head>
        <div>
          <Title id={titleId}>{task.title}</Title>
          <Meta>
            {task.method ? `Method: ${task.method.description} · ` : ''}Created {formatCreated(task.createdAt)}
          </Meta>
          <ChangedByNote change={change} />
        </div>
        <Badge tone={badgeToneOf(workStatusTone(task.status))} dot>
          {workStatusLabel(task.status)}
        </Badge>
      </Head>
      <Description>{task.description}</Description>
      {editing ? (
        <MyTaskEditor task={task} onDone={onDone} onReload={() => onReload(task.id)} />
      ) : (
        <>
          <Updates>
            <h4>Latest Updates</h4>
            <ClampedText data-testid="task-updates">{task.updates?.trim() ? task.updates : <Empty>No updates yet</Empty>}</ClampedText>
          </Updates>
          {mayEdit ? (
            <Actions>
              <Button ref={editButton} size="sm" disabled={editLocked} onClick={() => onEdit(task.id)} aria-label={`Edit ${task.title}`}>
                Edit
              </Button>
            </Actions>
          ) : null}
        </>
      )}
    </Root>
  );
}

export const MyTaskCard = memo(MyTaskCardView);
