import type { TSharedObstacle } from '@v2mom/contracts';
import styled from 'styled-components';
import { Badge } from '../../../../components/ui/badge';
import { media } from '../../../../lib/theme/tokens';

/** How many teams and co-owners a row names before `+n`. */
const SHOWN = 3;

const Cell = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  /* The badge as wide as its word, not the column; on a phone's card, at the end as the other values. */
  align-items: flex-start;
  ${media.mobile} {
    align-items: flex-end;
  }
`;

const Line = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** The first SHOWN of `names` and `+n` for the rest of `total`. */
function namesWithMore(names: readonly string[], total: number): string {
  const shown = names.slice(0, SHOWN);
  const more = total - shown.length;
  return more > 0 ? `${shown.join(', ')} +${more}` : shown.join(', ');
}

/** A shared obstacle's `Shared` badge, the teams it blocks and its co-owners (docs/PRODUCT.md#shared-obstacles); nothing for one that stands alone. */
export function SharedObstacleCell({ shared }: { shared: TSharedObstacle | null | undefined }) {
  if (!shared) return null;
  return (
    <Cell>
      <Badge tone="info" title={`Shared by ${shared.teamCount} teams`}>
        Shared
      </Badge>
      <Line>Teams: {namesWithMore(shared.teams, shared.teamCount)}</Line>
      {shared.coOwnerCount > 0 ? (
        <Line>
          Co-owners:{' '}
          {namesWithMore(
            shared.coOwners.map((person) => person.name),
            shared.coOwnerCount,
          )}
        </Line>
      ) : null}
    </Cell>
  );
}
