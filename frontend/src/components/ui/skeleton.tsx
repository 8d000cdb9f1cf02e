import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from './visually-hidden';

const shimmer = keyframes`
  0% { background-position: 100% 0; }
  100% { background-position: -100% 0; }
`;

/** A grey placeholder in the shape of content that is loading; hidden from assistive technology. */
export const Skeleton = styled.div.attrs({ 'aria-hidden': true })<{
  $width?: string;
  $height?: string;
  $radius?: 'sm' | 'md' | 'lg' | 'full';
}>`
  width: ${({ $width = '100%' }) => $width};
  height: ${({ $height = '16px' }) => $height};
  border-radius: ${({ theme, $radius = 'md' }) => theme.radius[$radius]};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.skeleton} 25%,
    ${({ theme }) => theme.colors.skeletonShine} 50%,
    ${({ theme }) => theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`;

/** A loading page's placeholders, stacked, announced once as `label` ('Loading method...'). */
export function SkeletonPage({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack role="status" aria-live="polite">
      <VisuallyHidden>{label}</VisuallyHidden>
      {children}
    </Stack>
  );
}

/** Placeholders side by side (buttons, badges). */
export const SkeletonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

/** Placeholders in as many columns of at least `$min` as fit. */
export const SkeletonGrid = styled.div<{ $min: string; $gap: 3 | 4; $fill?: boolean }>`
  display: grid;
  grid-template-columns: repeat(${({ $fill }) => ($fill ? 'auto-fill' : 'auto-fit')}, minmax(min(100%, ${({ $min }) => $min}), 1fr));
  gap: ${({ theme, $gap }) => theme.space[$gap]};
`;

/** A card-shaped frame around placeholders, in the place of a card that is loading. */
export const SkeletonCard = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
`;
