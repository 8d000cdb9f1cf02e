import type { RecentChange } from '../../lib/live/recent-changes';
import styled from 'styled-components';
import { PersonName } from '../ui/user-text';

/** The line a live change's note stands in: inline beside other text, or a `$block` line of its own. */
export const ChangeNote = styled.span<{ $block?: boolean }>`
  display: ${({ $block }) => ($block ? 'block' : 'inline-flex')};
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  max-width: 100%;
  color: ${({ theme }) => theme.colors.infoText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const VERBS: Record<RecentChange['operation'], string> = { created: 'Added', updated: 'Updated', deleted: 'Deleted' };

/** 'Updated by Morgan Diaz', 'Added by Logan Lee'. */
export function ChangedBy({ change }: { change: RecentChange }) {
  return (
    <>
      {VERBS[change.operation]} by <PersonName person={change.actor} />
    </>
  );
}

/**
 * 'Updated by Morgan Diaz', for a few seconds after someone else's change. Only rows with a
 * recent change render it, so a long list does not carry a live region per row.
 */
export function ChangedByNote({ change }: { change: RecentChange | undefined }) {
  if (!change) return null;
  return (
    <ChangeNote role="status">
      {/* One flex item: the name's isolate stays in the line's text. */}
      <span>
        <ChangedBy change={change} />
      </span>
    </ChangeNote>
  );
}
