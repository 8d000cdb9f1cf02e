import { stepDay } from '@v2mom/contracts';
import { useId, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { formatDate } from '../../lib/dates';

const Range = styled.input`
  flex: 1 1 14em;
  min-width: 10em;
  accent-color: ${({ theme }) => theme.colors.primary};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const DAY_MS = 86_400_000;

/** Days between two 'YYYY-MM-DD' days: days without a clock, each as long as the next. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
}

function dayAt(first: string, index: number): string {
  return new Date(Date.parse(first) + index * DAY_MS).toISOString().slice(0, 10);
}

/** What a key does to the day: a week either way with the arrows, the first or last day with Home and End. */
function dayAfterKey(key: string, day: string, days: { first: string; last: string }): string | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return stepDay(day, -1, days);
    case 'ArrowRight':
    case 'ArrowUp':
      return stepDay(day, 1, days);
    case 'Home':
      return days.first;
    case 'End':
      return days.last;
    default:
      return null;
  }
}

export interface DayScrubberProps {
  label: string;
  day: string;
  days: { first: string; last: string };
  onChange: (day: string) => void;
}

/**
 * A slider over the fiscal year's days (docs/PRODUCT.md#as-of): dragging picks any day; ← and →
 * step a week, Home and End go to the year's first day and today. Screen readers hear the date.
 */
export function DayScrubber({ label, day, days, onChange }: DayScrubberProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = dayAfterKey(event.key, day, days);
    if (next === null) return;
    event.preventDefault();
    if (next !== day) onChange(next);
  };
  return (
    <Range
      id={id}
      type="range"
      aria-label={label}
      aria-valuetext={formatDate(day)}
      aria-keyshortcuts="ArrowLeft ArrowRight Home End"
      min={0}
      max={daysBetween(days.first, days.last)}
      step={1}
      value={daysBetween(days.first, day)}
      onChange={(event) => onChange(dayAt(days.first, Number(event.target.value)))}
      onKeyDown={onKeyDown}
    />
  );
}
