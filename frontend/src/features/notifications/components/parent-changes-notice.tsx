import type { TParentChanges } from '@v2mom/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { PersonName, UserText } from '../../../components/ui/user-text';
import { useParentChanges } from '../api/get-parent-changes';
import { useMarkParentChangeReviewed } from '../api/mark-parent-change-reviewed';

const Notice = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Change = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  overflow-wrap: anywhere;
`;

const Changes = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Muted = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

type TChange = TParentChanges['changes'][number];

function ChangeItem({ change, viewerId, v2momId }: { change: TChange; viewerId: number; v2momId: number }) {
  const review = useMarkParentChangeReviewed(v2momId);
  const { detail } = change;
  if (detail.field !== 'parent_changed') return null;
  return (
    <Change>
      <Muted>
        <PersonName person={change.actor} missing="Someone" /> changed the {detail.changed} of <UserText>{detail.parent.title}</UserText>
      </Muted>
      <p>
        Before: <UserText>{detail.from ?? '(empty)'}</UserText>
      </p>
      <p>
        After: <UserText>{detail.to ?? '(empty)'}</UserText>
      </p>
      {change.recipientId === viewerId ? (
        <div>
          <Button size="sm" loading={review.isPending} onClick={() => review.mutate(change.id)}>
            Reviewed
          </Button>
        </div>
      ) : null}
    </Change>
  );
}

/**
 * "The V2MOM this is aligned to changed": its unreviewed parent changes with their before and
 * after, each `Reviewed` by the one it was sent to (docs/PRODUCT.md#parent-changes). Nothing while
 * there are none, or while they cannot be read.
 */
export function ParentChangesNotice({ v2momId, viewerId }: { v2momId: number; viewerId: number }) {
  const titleId = useId();
  const { data } = useParentChanges(v2momId);
  if (!data || data.unreviewed === 0) return null;
  return (
    <Notice aria-labelledby={titleId}>
      <Title id={titleId}>The V2MOM this is aligned to changed</Title>
      <Changes>
        {data.changes.map((change) => (
          <ChangeItem key={change.id} change={change} viewerId={viewerId} v2momId={v2momId} />
        ))}
      </Changes>
    </Notice>
  );
}
