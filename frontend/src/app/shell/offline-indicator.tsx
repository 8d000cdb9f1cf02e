import { useAtomValue } from 'jotai';
import styled, { keyframes } from 'styled-components';
import { liveStatusAtom } from '../../lib/live/live-state';
import { media } from '../../lib/theme/tokens';

const pulse = keyframes`
  50% { opacity: 0.35; }
`;

const Pill = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warningText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  white-space: nowrap;
`;

const Dot = styled.span`
  flex: none;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.warning};
  animation: ${pulse} 1.6s ease-in-out infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** On narrow phones the pill says 'Offline'; the whole sentence stays in its accessible text. */
const Detail = styled.span`
  ${media.small} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

/**
 * Says when the live connection is down (data then refreshes every 30 s instead of at once).
 * The status region is always there, so screen readers announce the change when it comes.
 */
export function OfflineIndicator() {
  const status = useAtomValue(liveStatusAtom);
  const offline = status === 'offline';
  return (
    // data-live lets browser tests wait for the live connection instead of guessing.
    <span role="status" data-live={status}>
      {offline ? (
        <Pill title="Live updates are paused; the page refreshes every 30 seconds until the connection is back.">
          <Dot aria-hidden="true" />
          Offline<Detail> — reconnecting…</Detail>
        </Pill>
      ) : null}
    </span>
  );
}
