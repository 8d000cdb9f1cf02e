import { progressColor } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../lib/theme/tokens';
import { ProgressBar } from './progress-bar';

const Root = styled.div<{ $figureWidth?: string }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  font-variant-numeric: tabular-nums;

  > span {
    flex: none;
    white-space: nowrap;
    ${({ $figureWidth }) => ($figureWidth ? `width: ${$figureWidth}; text-align: right;` : '')}
  }
  > div {
    flex: 1;
    min-width: 48px;
  }

  ${media.desktop} {
    min-width: 160px;
  }

  /* In a stacked table row the figure shares the line with its column name: it takes what is left. */
  ${media.mobile} {
    flex: 0 1 200px;
  }
`;

export interface ProgressFigureProps {
  /** The bar's percentage, which also picks its colour (docs/PRODUCT.md#progress). */
  percent: number;
  /** The figure before the bar: '3 out of 4', '75%'. */
  children: ReactNode;
  /** The bar's accessible name. */
  label: string;
  /** A fixed width for the figure, so bars line up down a column. */
  figureWidth?: string;
}

/** A figure and a small bar side by side, for table cells. */
export function ProgressFigure({ percent, children, label, figureWidth }: ProgressFigureProps) {
  return (
    <Root $figureWidth={figureWidth}>
      <span>{children}</span>
      <ProgressBar value={percent} size="sm" variant={progressColor(percent)} label={label} />
    </Root>
  );
}
