import { CONFIDENCE_RANGE, confidenceDelta, type TMethod } from '@v2mom/contracts';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';

const Root = styled.span`
  display: inline-flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.text};
`;

const Delta = styled.span<{ $up: boolean }>`
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  color: ${({ theme, $up }) => ($up ? theme.colors.successText : theme.colors.dangerText)};
`;

/** 'Confidence 5 of 10, down 3 from 8': the figure and its trend in words. */
function confidenceWords(confidence: number, previousConfidence: number | null): string {
  const delta = confidenceDelta(confidence, previousConfidence);
  const now = `Confidence ${confidence} of ${CONFIDENCE_RANGE.max}`;
  if (delta === null || delta === 0 || previousConfidence === null) return now;
  return `${now}, ${delta > 0 ? 'up' : 'down'} ${Math.abs(delta)} from ${previousConfidence}`;
}

/**
 * A method's confidence and its move at the check-in that last changed it (docs/PRODUCT.md#confidence):
 * `Confidence 5/10 ▼3`; nothing while none was given.
 */
export function ConfidenceTrend({ method, label = 'Confidence' }: { method: Pick<TMethod, 'confidence' | 'previousConfidence'>; label?: string | null }) {
  const { confidence, previousConfidence } = method;
  if (confidence === null) return null;
  const delta = confidenceDelta(confidence, previousConfidence);
  return (
    <Root data-testid="confidence-trend">
      <span aria-hidden="true">
        {label ? `${label} ` : ''}
        {confidence}/{CONFIDENCE_RANGE.max}
      </span>
      {delta === null || delta === 0 ? null : (
        <Delta aria-hidden="true" $up={delta > 0}>
          {delta > 0 ? '▲' : '▼'}
          {Math.abs(delta)}
        </Delta>
      )}
      <VisuallyHidden>{confidenceWords(confidence, previousConfidence)}</VisuallyHidden>
    </Root>
  );
}
