import { userOptionLabel, workStatusLabel, workStatusTone, type TTask } from '@v2mom/contracts';
import { memo, useId } from 'react';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { Badge, badgeToneOf } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { TrashIcon } from '../../../../components/ui/icons';
import { liveFlash } from '../../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';

const Root = styled.article<{ $flash?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  ${({ $flash }) => liveFlash($flash)}
`;

const Top = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Title = styled.h3`
  flex: 1 1 240px;
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  overflow-wrap: anywhere;
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Description = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
`;

const Fact = styled.div<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}

  dt {
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const Empty = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const createdFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export interface TaskCardProps {
  task: TTask;
  /** Given to users who may delete tasks: asks for confirmation first. */
  onDelete?: (task: TTask) => void;
}

/** One task on the Tasks screen, every field of it (docs/PRODUCT.md#tasks-screen). */
function TaskCardView({ task, onDelete }: TaskCardProps) {
  const titleId = useId();
  const change = useRecentChange(changeKeys.item('task', task.id));
  const updates = task.updates?.trim() ? task.updates : null;

  return (
    <Root aria-labelledby={titleId} $flash={change?.serial}>
      <Top>
        <Title id={titleId}>{task.title}</Title>
        <Badges>
          <Badge tone={badgeToneOf(workStatusTone(task.status))} dot>
            {workStatusLabel(task.status)}
          </Badge>
          {task.methodId !== null ? <Badge tone="primary">Method Linked</Badge> : null}
        </Badges>
      </Top>
      <Description>{task.description}</Description>
      <Facts>
        {task.method ? (
          <Fact $wide>
            <dt>Associated Method</dt>
            <dd>{task.method.description}</dd>
          </Fact>
        ) : null}
        <Fact>
          <dt>Owner</dt>
          <dd>{userOptionLabel(task.owner)}</dd>
        </Fact>
        <Fact>
          <dt>Created</dt>
          <dd>
            <time dateTime={task.createdAt}>{createdFormat.format(new Date(task.createdAt))}</time>
          </dd>
        </Fact>
        <Fact $wide>
          <dt>Latest Updates</dt>
          <dd>{updates ?? <Empty>No updates yet</Empty>}</dd>
        </Fact>
      </Facts>
      {change || onDelete ? (
        <Footer>
          <ChangedByNote change={change} />
          {onDelete ? (
            <Button size="sm" variant="ghost" leadingIcon={<TrashIcon />} onClick={() => onDelete(task)}>
              Delete Task
            </Button>
          ) : null}
        </Footer>
      ) : null}
    </Root>
  );
}

export const TaskCard = memo(TaskCardView);
