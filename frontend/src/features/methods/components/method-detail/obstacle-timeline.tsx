import type { TObstacleEvent } from '@v2mom/contracts';
import { useId } from 'react';
import styled, { useTheme, type DefaultTheme } from 'styled-components';
import { Badge } from '../../../../components/ui/badge';
import { formatDate } from '../../../../lib/dates';
import type { FiscalYear } from './fiscal-year';

/** How an obstacle's marks read on the chart and beside the list: added in red, resolved in green. */
export const obstacleMarkColor = (theme: DefaultTheme, mark: 'added' | 'resolved') => (mark === 'added' ? theme.colors.danger : theme.colors.success);

/** The obstacles that stood at some time in the year, oldest added first: the chart's marks. */
export function obstaclesIn(obstacles: readonly TObstacleEvent[], year: FiscalYear): TObstacleEvent[] {
  return obstacles.filter(
    (obstacle) => Date.parse(obstacle.addedAt) < year.end.getTime() && (obstacle.resolvedAt === null || Date.parse(obstacle.resolvedAt) >= year.start.getTime()),
  );
}

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => theme.space[2]} 0 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[2]};
  align-items: baseline;
`;

/** As on the chart: a diamond while it stands, a dot once resolved. */
const Mark = styled.span<{ $color: string; $resolved: boolean }>`
  width: ${({ $resolved }) => ($resolved ? 9 : 8)}px;
  height: ${({ $resolved }) => ($resolved ? 9 : 8)}px;
  border-radius: ${({ $resolved }) => ($resolved ? '50%' : '0')};
  transform: ${({ $resolved }) => ($resolved ? 'none' : 'rotate(45deg)')};
  background: ${({ $color }) => $color};
`;

const Description = styled.span`
  overflow-wrap: anywhere;
`;

const When = styled.span`
  grid-column: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

/**
 * The chart's obstacles in words (docs/PRODUCT.md#check-ins): each with when it was added and
 * resolved, or that it still stands. Plain text under the chart, so every reader has it.
 */
export function ObstacleTimeline({ obstacles }: { obstacles: readonly TObstacleEvent[] }) {
  const theme = useTheme();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Heading id={titleId}>Obstacles on this time line</Heading>
      <List>
        {obstacles.map((obstacle) => (
          <Item key={obstacle.id}>
            <Mark aria-hidden="true" $resolved={obstacle.resolvedAt !== null} $color={obstacleMarkColor(theme, obstacle.resolvedAt === null ? 'added' : 'resolved')} />
            <Description>{obstacle.description}</Description>
            <When>
              <span>Added {formatDate(obstacle.addedAt)}</span>
              {obstacle.resolvedAt === null ? <Badge tone="danger">Open</Badge> : <span>Resolved {formatDate(obstacle.resolvedAt)}</span>}
            </When>
          </Item>
        ))}
      </List>
    </section>
  );
}
