import { initialsOf } from '@v2mom/contracts';
import { useState } from 'react';
import styled from 'styled-components';

const Circle = styled.span<{ $size: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ $size }) => Math.round($size * 0.38)}px;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: 0.02em;
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export interface AvatarProps {
  name: string;
  src?: string | null;
  size?: number;
}

/** The picture when there is one that loads, otherwise the person's initials. */
export function Avatar({ name, src, size = 32 }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(src) && !failed;
  return (
    <Circle $size={size} aria-hidden="true" data-initials={initialsOf(name)}>
      {showImage ? <img src={src ?? undefined} alt="" onError={() => setFailed(true)} /> : initialsOf(name)}
    </Circle>
  );
}
