import type { TStatusCounts, TWorkStatus } from '@v2mom/contracts';
import styled, { useTheme } from 'styled-components';
import { workStatusColor } from '../../../../components/ui/status-color';

const Bar = styled.div`
  display: flex;
  width: 100%;
  min-width: 80px;
  height: 8px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.track};
  overflow: hidden;
`;

const PARTS = [
  ['completed', 'completed', 'completed'],
  ['inProgress', 'in_progress', 'in progress'],
  ['notStarted', 'not_started', 'not started'],
  ['atRisk', 'at_risk', 'at risk'],
] as const;

/** How many of `counts` are of `status`. */
export function countOf(counts: TStatusCounts, status: TWorkStatus): number {
  const part = PARTS.find(([, name]) => name === status);
  return part ? counts[part[0]] : 0;
}

/** Methods counted by status in words, as the bar's text equivalent. */
export function statusMixText(counts: TStatusCounts): string {
  if (counts.total === 0) return 'no methods';
  return PARTS.filter(([key]) => counts[key] > 0)
    .map(([key, , words]) => `${counts[key]} ${words}`)
    .join(', ');
}

/** A bar of methods by status, each status its share, with the counts in words for everyone. */
export function StatusMix({ counts, label }: { counts: TStatusCounts; label: string }) {
  const theme = useTheme();
  return (
    <Bar role="img" aria-label={`${label}: ${statusMixText(counts)}`}>
      {PARTS.map(([key, status]) =>
        counts[key] > 0 ? <span key={key} style={{ flexGrow: counts[key], background: workStatusColor(theme, status) }} /> : null,
      )}
    </Bar>
  );
}
