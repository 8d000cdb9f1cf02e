import { pathTo, userOptionLabel, type TMethodListItem, type TTask } from '@v2mom/contracts';
import { memo, useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { StaleMark } from '../../../../components/stale-marks';
import { WorkStatusBadge } from '../../../../components/ui/badge';
import { TextOr } from '../../../../components/ui/text-or';
import { CardFact, CardFacts, CardTitle, CardTop, WorkCard } from '../../../../components/ui/work-card';
import { formatDate } from '../../../../lib/dates';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';
import { personName } from '../../../../lib/person-name';
import { UpdateByline } from '../../../../components/ui/update-byline';
import { UserText } from '../../../../components/ui/user-text';

/** The status, and under it the stale mark when there is one. */
const Marks = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[1]};
`;

const Facts = styled(CardFacts)`
  font-size: ${({ theme }) => theme.fontSize.sm};

  dt {
    margin-bottom: 2px;
  }
`;

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <CardFact $wide={wide}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </CardFact>
  );
}

/** A method of the chosen department (docs/PRODUCT.md#team-status-screen). */
export const TeamMethodCard = memo(function TeamMethodCard({ method }: { method: TMethodListItem }) {
  const titleId = useId();
  const change = useRecentChange(changeKeys.item('method', method.id));
  return (
    <WorkCard aria-labelledby={titleId} $flash={change?.serial} $padding={4}>
      <CardTop>
        <CardTitle id={titleId} $size="md">
          <Link to={pathTo.method(method.id)}>{method.description}</Link>
        </CardTitle>
        <Marks>
          <WorkStatusBadge status={method.status} />
          <StaleMark method={method} />
        </Marks>
      </CardTop>
      <Facts $min="180px" $gap={3} $muted>
        <Item label="V2MOM">
          <UserText>{method.v2mom.title}</UserText> ({method.v2mom.year})
        </Item>
        <Item label="Owner">
          <TextOr muted value={method.owner ? personName(method.owner) : undefined} empty="Unassigned" />
        </Item>
        <Item label="L2 Owner">
          <TextOr muted value={method.l2Owner} empty="None" />
        </Item>
        <Item label="Due Date">
          <TextOr muted value={method.dueDate && formatDate(method.dueDate)} empty="No due date" />
        </Item>
        <Item label="Target Measure">
          <TextOr muted value={method.measure} empty="Not specified" />
        </Item>
        <Item label="Current Measure">
          <TextOr muted value={method.currentMeasure} empty="Not specified" />
        </Item>
        <Item label="Latest Update" wide>
          <TextOr muted value={method.update} empty="No updates yet" />
          <UpdateByline method={method} />
        </Item>
      </Facts>
      <ChangedByNote change={change} />
    </WorkCard>
  );
});

/** A task of the chosen department (docs/PRODUCT.md#team-status-screen). */
export const TeamTaskCard = memo(function TeamTaskCard({ task }: { task: TTask }) {
  const titleId = useId();
  const change = useRecentChange(changeKeys.item('task', task.id));
  return (
    <WorkCard aria-labelledby={titleId} $flash={change?.serial} $padding={4}>
      <CardTop>
        <CardTitle id={titleId} $size="md">{task.title}</CardTitle>
        <WorkStatusBadge status={task.status} />
      </CardTop>
      <Facts $min="180px" $gap={3} $muted>
        <Item label="Owner">{userOptionLabel(task.owner)}</Item>
        <Item label="Associated Method">
          <TextOr muted value={task.method?.description} empty="None" />
        </Item>
        <Item label="Description" wide>
          {task.description}
        </Item>
        <Item label="Updates" wide>
          <TextOr muted value={task.updates} empty="No updates yet" />
        </Item>
      </Facts>
      <ChangedByNote change={change} />
    </WorkCard>
  );
});
