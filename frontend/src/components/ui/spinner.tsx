import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  animation: ${spin} 0.7s linear infinite;
`;

/** Decorative: the surrounding control says what is happening (e.g. 'Logging in...'). */
export function Spinner({ size = 16 }: { size?: number }) {
  return <Ring $size={size} aria-hidden="true" />;
}
