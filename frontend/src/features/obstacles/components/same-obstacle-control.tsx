import type { TObstacle, TObstacleListItem } from '@v2mom/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SearchCombobox } from '../../../components/ui/search-combobox';
import { useJoinObstacle } from '../api/join-obstacle';
import { useLeaveObstacle } from '../api/leave-obstacle';
import { useJoinableObstacleSearch, type JoinableScope } from '../api/search-joinable-obstacles';

const Root = styled.div`
  width: 100%;
  max-width: 420px;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An obstacle as the picker names it: its text and whose V2MOM it is in. */
const optionLabel = (obstacle: TObstacleListItem) => `${obstacle.description} · ${obstacle.v2mom.title}`;

/**
 * `Same obstacle as…` and `Leave shared obstacle` (docs/PRODUCT.md#shared-obstacles), for whoever
 * may edit the obstacle's V2MOM: the picker searches other departments' obstacles as one types.
 */
export function SameObstacleControl({ obstacle }: { obstacle: TObstacle }) {
  const id = useId();
  const join = useJoinObstacle();
  const leave = useLeaveObstacle();
  if (obstacle.joinedToId) {
    return (
      <Root>
        <span>Shared with another department&apos;s obstacle.</span>
        <Button size="sm" loading={leave.isPending} onClick={() => leave.mutate({ id: obstacle.id, version: obstacle.version })}>
          {leave.isPending ? 'Leaving...' : 'Leave shared obstacle'}
        </Button>
      </Root>
    );
  }
  return (
    <Root>
      <Field htmlFor={id} label="Same obstacle as…">
        <SearchCombobox<TObstacleListItem, JoinableScope>
          id={id}
          value={null}
          onChange={(shared) => join.mutate({ id: obstacle.id, sharedObstacleId: shared.id, version: obstacle.version })}
          disabled={join.isPending}
          placeholder="Search other departments' obstacles"
          listLabel="Obstacles of other departments"
          useResults={useJoinableObstacleSearch}
          scope={{ obstacleId: obstacle.id }}
          label={optionLabel}
          emptyText="No obstacle of another department matches"
        />
      </Field>
    </Root>
  );
}
