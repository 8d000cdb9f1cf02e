import { userOptionLabel, type TTask } from '@v2mom/contracts';
import { memo, useId } from 'react';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { Badge, WorkStatusBadge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { TrashIcon } from '../../../../components/ui/icons';
import { TextOr } from '../../../../components/ui/text-or';
import { CardFact, CardFacts, CardTitle, CardTop, WorkCard } from '../../../../components/ui/work-card';
import { formatDate } from '../../../../lib/dates';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';

const Top = styled(CardTop)`
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Title = styled(CardTitle)`
  flex: 1 1 240px;
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

const Footer = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface TaskCardProps {
  task: TTask;
  /** Given to users who may delete tasks: asks for confirmation first. */
  onDelete?: (task: TTask) => void;
}

/** One task on the Tasks screen, every field of it (docs/PRODUCT.md#tasks-screen). */
function TaskCardView({ task, onDelete }: TaskCardProps) {
  const titleId = useId();
  const change = useRecentChange(changeKeys.item('task', task.id));

  return (
    <WorkCard aria-labelledby={titleId} $flash={change?.serial}>
      <Top>
        <Title id={titleId}>{task.title}</Title>
        <Badges>
          <WorkStatusBadge status={task.status} />
          {task.methodId !== null ? <Badge tone="primary">Method Linked</Badge> : null}
        </Badges>
      </Top>
      <Description>{task.description}</Description>
      <CardFacts $min="200px" $gap={3} $muted>
        {task.method ? (
          <CardFact $wide>
            <dt>Associated Method</dt>
            <dd>{task.method.description}</dd>
          </CardFact>
        ) : null}
        <CardFact>
          <dt>Owner</dt>
          <dd>{userOptionLabel(task.owner)}</dd>
        </CardFact>
        <CardFact>
          <dt>Created</dt>
          <dd>
            <time dateTime={task.createdAt}>{formatDate(task.createdAt)}</time>
          </dd>
        </CardFact>
        <CardFact $wide>
          <dt>Latest Updates</dt>
          <dd>
            <TextOr value={task.updates} empty="No updates yet" muted />
          </dd>
        </CardFact>
      </CardFacts>
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
    </WorkCard>
  );
}

export const TaskCard = memo(TaskCardView);
