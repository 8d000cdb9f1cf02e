import styled from 'styled-components';
import { BrandVIcon } from './icons';

const Mark = styled.span<{ $size: number }>`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ $size }) => Math.round($size * 0.28)}px;
  background: linear-gradient(135deg, #6366f1, #4f46e5 55%, #4338ca);
  color: #ffffff;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2), inset 0 1px 0 rgba(255, 255, 255, 0.2);
`;

/** The product's logo mark: a V in an indigo tile. Decorative; the product name sits beside it. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <Mark $size={size} aria-hidden="true">
      <BrandVIcon size={size * 0.55} />
    </Mark>
  );
}
