import { QUARTERS, quarterLabel, type TQuarter } from '@v2mom/contracts';
import styled from 'styled-components';

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

/** Q1 to Q4 as toggle buttons; the keys 1 to 4 do the same (the view listens for them). */
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
