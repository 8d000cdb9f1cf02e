import { startTransition, useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { CardGrid } from './card';

/** About two screenfuls of cards on a wide screen: what the first frame shows. */
const FIRST_CARDS = 24;
/** Cards added per task after the first frame, each a short task of its own. */
const CARDS_PER_STEP = 24;

/**
 * The browser lays out and paints a card only near the viewport, keeping the space it last took
 * (or the estimate) for the others; they stay in the page for find-in-page, printing and screen
 * readers.
 */
const Cell = styled.li<{ $estimate: number }>`
  content-visibility: auto;
  contain-intrinsic-size: auto ${({ $estimate }) => $estimate}px;
`;

/**
 * How many of `total` items to render: the first ones at once, then more in a transition per task
 * until all are in, so no single task holds the main thread for the whole list. A list that
 * grows later catches up the same way.
 */
function useGrowingCount(total: number): number {
  const [count, setCount] = useState(FIRST_CARDS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((current) => current + CARDS_PER_STEP)), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

export interface ProgressiveCardGridProps<T> {
  items: readonly T[];
  itemKey: (item: T) => number;
  renderItem: (item: T) => ReactNode;
  /** The columns' least width, a CSS length (CardGrid's `$min`). */
  min: string;
  /** A card's height before the browser has laid it out, in px. */
  estimateHeight: number;
  'aria-label': string;
  className?: string;
}

/**
 * A grid of many cards that costs the main thread no long task: the first cards render at once,
 * the rest in short steps after, and the browser skips the rendering of cards far from the
 * viewport (docs/PERFORMANCE.md, "The data-heavy screens").
 */
export function ProgressiveCardGrid<T>({ items, itemKey, renderItem, min, estimateHeight, className, ...props }: ProgressiveCardGridProps<T>) {
  const count = useGrowingCount(items.length);
  return (
    <CardGrid $min={min} className={className} aria-label={props['aria-label']}>
      {items.slice(0, count).map((item) => (
        <Cell key={itemKey(item)} $estimate={estimateHeight}>
          {renderItem(item)}
        </Cell>
      ))}
    </CardGrid>
  );
}
