import { pathTo, userOptionLabel, workStatusLabel, workStatusTone, type TMethodListItem, type TTask } from '@v2mom/contracts';
import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { Badge, badgeToneOf } from '../../../../components/ui/badge';
import { liveFlash } from '../../../../lib/live/live-flash';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';

const Root = styled.article<{ $flash?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[4]};
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
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h3`
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Fact = styled.div<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}

  dt {
    margin-bottom: 2px;
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

function Text({ value, empty }: { value: string | null | undefined; empty: string }) {
  return value && value.trim() !== '' ? <>{value}</> : <Empty>{empty}</Empty>;
}

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Fact $wide={wide}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </Fact>
  );
}

function StatusBadge({ status }: { status: TTask['status'] }) {
  return (
    <Badge tone={badgeToneOf(workStatusTone(status))} dot>
      {workStatusLabel(status)}
    </Badge>
  );
}

/** A method of the chosen department (docs/PRODUCT.md#team-status-screen). */
export const TeamMethodCard = memo(function TeamMethodCard({ method }: { method: TMethodListItem }) {
  const titleId = useId();
  const change = useRecentChange(changeKeys.item('method', method.id));
  return (
    <Root aria-labelledby={titleId} $flash={change?.serial}>
      <Top>
        <Title id={titleId}>
          <Link to={pathTo.method(method.id)}>{method.description}</Link>
        </Title>
        <StatusBadge status={method.status} />
      </Top>
      <Facts>
        <Item label="V2MOM">{`${method.v2mom.title} (${method.v2mom.year})`}</Item>
        <Item label="Owner">
          <Text value={method.owner?.name} empty="Unassigned" />
        </Item>
        <Item label="L2 Owner">
          <Text value={method.l2Owner} empty="None" />
        </Item>
        <Item label="Due Date">
          <Text value={method.dueDate} empty="No due date" />
        </Item>
        <Item label="Target Measure">
          <Text value={method.measure} empty="Not specified" />
        </Item>
        <Item label="Current Measure">
          <Text value={method.currentMeasure} empty="Not specified" />
        </Item>
        <Item label="Latest Update" wide>
          <Text value={method.update} empty="No updates yet" />
        </Item>
      </Facts>
      <ChangedByNote change={change} />
    </Root>
  );
});

/** A task of the chosen department (docs/PRODUCT.md#team-status-screen). */
export const TeamTaskCard = memo(function TeamTaskCard({ task }: { task: TTask }) {
  const titleId = useId();
  const change = useRecentChange(changeKeys.item('task', task.id));
  return (
    <Root aria-labelledby={titleId} $flash={change?.serial}>
      <Top>
        <Title id={titleId}>{task.title}</Title>
        <StatusBadge status={task.status} />
      </Top>
      <Facts>
        <Item label="Owner">{userOptionLabel(task.owner)}</Item>
        <Item label="Associated Method">
          <Text value={task.method?.description} empty="None" />
        </Item>
        <Item label="Description" wide>
          {task.description}
        </Item>
        <Item label="Updates" wide>
          <Text value={task.updates} empty="No updates yet" />
        </Item>
      </Facts>
      <ChangedByNote change={change} />
    </Root>
  );
});
