import { fiscalQuarterOf, QUARTERS, quarterLabel, type TQuarter } from '@v2mom/contracts';
import { useEffect, useState } from 'react';
import { useUrlParams } from '../../../lib/use-url-params';
import styled from 'styled-components';
import { clock } from '../../../lib/clock';

const Group = styled.div`
  display: inline-flex;
  padding: 3px;
  gap: 2px;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const QuarterButton = styled.button`
  min-width: 3em;
  min-height: 2.4em;
  padding: 0 0.8em;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/** Q1 to Q4 as toggle buttons; the keys 1 to 4 do the same (`useQuarterKeys`). */
export function QuarterPicker({ quarter, onChange }: { quarter: TQuarter; onChange: (quarter: TQuarter) => void }) {
  return (
    <Group role="group" aria-label="Quarter">
      {QUARTERS.map((candidate, index) => (
        <QuarterButton
          key={candidate}
          type="button"
          aria-pressed={candidate === quarter}
          aria-keyshortcuts={String(index + 1)}
          onClick={() => onChange(candidate)}
        >
          {quarterLabel(candidate)}
        </QuarterButton>
      ))}
    </Group>
  );
}

const QUARTER_PARAM = 'quarter';
const isQuarter = (value: string | null): value is TQuarter => (QUARTERS as readonly (string | null)[]).includes(value);

/**
 * The quarter a screen with a quarter picker shows (docs/PRODUCT.md#coo-view,
 * docs/PRODUCT.md#key-metrics): the address's `?quarter=` when it names one, else the current
 * fiscal quarter. A quarter chosen since goes into the address (replacing the entry), so a reload
 * or a shared link opens on it.
 */
export function useSelectedQuarter(): [TQuarter, (quarter: TQuarter) => void] {
  const [params, updateParams] = useUrlParams();
  const requested = params.get(QUARTER_PARAM);
  const [quarter, setQuarter] = useState<TQuarter>(() => (isQuarter(requested) ? requested : fiscalQuarterOf(clock.now())));
  // Only a change the address does not say yet: opening the screen leaves it as it is.
  const inAddress = isQuarter(requested) ? requested : fiscalQuarterOf(clock.now());
  useEffect(() => {
    if (quarter === inAddress) return;
    updateParams((next) => next.set(QUARTER_PARAM, quarter));
  }, [quarter, inAddress, updateParams]);
  return [quarter, setQuarter];
}

/** Typing in a field never switches quarters (nor anything else a screen's keys do). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The keys 1 to 4 choose Q1 to Q4 while `enabled`; not while typing, nor with Ctrl, Alt or Cmd. */
export function useQuarterKeys(onChange: (quarter: TQuarter) => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const picked = QUARTERS[['1', '2', '3', '4'].indexOf(event.key)];
      if (picked) onChange(picked);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onChange, enabled]);
}
