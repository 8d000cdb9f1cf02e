import styled from 'styled-components';
import type { TActor } from './unseen-model';

/** The mark's button, the same before and after its popover's machinery loads (./unseen-mark). */
export const Dot = styled.button`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 24px;
  height: 24px;
  margin: -4px 0 -4px 2px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.full};
  background: transparent;
  vertical-align: middle;
  cursor: pointer;

  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: ${({ theme }) => theme.radius.full};
    background: ${({ theme }) => theme.colors.info};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.infoSoft};
  }
  &:hover::before,
  &[data-open]::before {
    transform: scale(1.2);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 1px;
  }
`;

/** One change the mark describes. */
export interface Line {
  key: string;
  what: string;
  old?: string;
  new?: string;
  actor: TActor;
  viaToken: string | null;
  at: string;
}

