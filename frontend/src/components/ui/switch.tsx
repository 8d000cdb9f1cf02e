import type { InputHTMLAttributes } from 'react';
import styled from 'styled-components';

const Track = styled.input`
  appearance: none;
  flex: none;
  position: relative;
  width: 36px;
  height: 20px;
  margin: 0;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.borderStrong};
  cursor: pointer;
  transition: background ${({ theme }) => theme.motion.fast};

  &::after {
    content: '';
    position: absolute;
    top: 2px;
    left: 2px;
    width: 16px;
    height: 16px;
    border-radius: 50%;
    background: #ffffff;
    box-shadow: 0 1px 2px rgba(0, 0, 0, 0.3);
    transition: transform ${({ theme }) => theme.motion.fast};
  }

  &:checked {
    background: ${({ theme }) => theme.colors.primary};
  }

  &:checked::after {
    transform: translateX(16px);
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }

  @media (prefers-reduced-motion: reduce) {
    &,
    &::after {
      transition: none;
    }
  }
`;

/** An on/off switch: a checkbox that assistive technology announces as a switch; its label names it. */
export function Switch(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'>) {
  return <Track type="checkbox" role="switch" {...props} />;
}
