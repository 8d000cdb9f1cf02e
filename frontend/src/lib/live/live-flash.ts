import { css, keyframes } from 'styled-components';

// Two identical animations: switching between them restarts the highlight on every new change.
const flashA = keyframes`
  from { background-color: var(--live-flash-color); box-shadow: inset 3px 0 0 var(--live-flash-edge); }
  to { background-color: transparent; box-shadow: inset 3px 0 0 transparent; }
`;
const flashB = keyframes`
  from { background-color: var(--live-flash-color); box-shadow: inset 3px 0 0 var(--live-flash-edge); }
  to { background-color: transparent; box-shadow: inset 3px 0 0 transparent; }
`;

/**
 * The brief highlight of a row someone else just changed; `serial` is the change's serial
 * (undefined: no recent change). With reduced motion the row keeps a still edge instead.
 */
export const liveFlash = (serial: number | undefined) =>
  serial === undefined
    ? null
    : css`
        --live-flash-color: ${({ theme }) => theme.colors.infoSoft};
        --live-flash-edge: ${({ theme }) => theme.colors.info};
        animation: ${serial % 2 === 0 ? flashA : flashB} 2.4s ${({ theme }) => theme.motion.easing};

        @media (prefers-reduced-motion: reduce) {
          animation: none;
          box-shadow: inset 3px 0 0 var(--live-flash-edge);
        }
      `;
