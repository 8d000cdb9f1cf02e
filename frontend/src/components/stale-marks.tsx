import type { TRoomMethod } from '@v2mom/contracts';
import { createContext, useContext, useId } from 'react';
import styled from 'styled-components';
import { StaleBadge, type StaleWords } from './ui/stale-badge';
import { Switch } from './ui/switch';

/**
 * Which methods are stale (docs/PRODUCT.md#rhythm), as the page (a route) knows it from each
 * row's `staleAt` and the clock; the lists, in features that know nothing of the rhythm, mark and
 * filter their methods with it. Null while the rhythm is on its way: the lists show without marks
 * until it is here.
 */
export interface StaleMarks {
  /** When the method went stale, null when it is not. */
  since: (method: TRoomMethod) => Date | null;
  /** How a mark words that moment, on the company's clock. */
  describe: (since: Date) => StaleWords;
}

export const StaleMarksContext = createContext<StaleMarks | null>(null);

export function useStaleMarks(): StaleMarks | null {
  return useContext(StaleMarksContext);
}

/** The method's 'Stale since …' badge while it is stale, nothing otherwise. */
export function StaleMark({ method }: { method: TRoomMethod }) {
  const marks = useStaleMarks();
  const since = marks?.since(method);
  return since && marks ? <StaleBadge {...marks.describe(since)} /> : null;
}

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 36px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  cursor: pointer;
`;

/**
 * 'Stale only (n)': shows only the stale methods. It waits for the marks (the rhythm) before it
 * can be turned on; `count` is how many of the screen's methods are stale.
 */
export function StaleOnlySwitch({ checked, onChange, count }: { checked: boolean; onChange: (checked: boolean) => void; count: number | undefined }) {
  const id = useId();
  const known = useStaleMarks() !== null;
  return (
    <Toggle htmlFor={id}>
      <Switch id={id} checked={checked} disabled={!known} onChange={(event) => onChange(event.target.checked)} />
      {known && count !== undefined ? `Stale only (${count})` : 'Stale only'}
    </Toggle>
  );
}
