import { clampPercent, type TProgressBarSize, type TProgressVariant } from '@v2mom/contracts';
import styled from 'styled-components';

type ProgressSize = TProgressBarSize;
type ProgressVariant = TProgressVariant;

const heights: Record<ProgressSize, string> = { sm: '4px', md: '8px', lg: '12px' };

/** Progress bars clamp to 0-100 (docs/PRODUCT.md#progress); NaN counts as 0. */

const Track = styled.div<{ $size: ProgressSize }>`
  position: relative;
  width: 100%;
  height: ${({ $size }) => heights[$size]};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.track};
  overflow: hidden;
`;

const Fill = styled.div<{ $variant: ProgressVariant }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $variant }) =>
    ({
      default: theme.colors.primary,
      success: theme.colors.success,
      warning: theme.colors.warning,
      danger: theme.colors.danger,
    })[$variant]};
  transition: width ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
`;

export interface ProgressBarProps {
  value: number;
  size?: ProgressSize;
  variant?: ProgressVariant;
  /** Accessible name, e.g. 'Overall completion'. */
  label: string;
}

export function ProgressBar({ value, size = 'md', variant = 'default', label }: ProgressBarProps) {
  const percent = clampPercent(value);
  return (
    <Track
      $size={size}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
    >
      <Fill $variant={variant} style={{ width: `${percent}%` }} />
    </Track>
  );
}
