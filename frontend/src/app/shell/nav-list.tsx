import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { TNavItem } from '@v2mom/contracts';
import { NavIcon } from './nav-icons';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Item = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  height: 36px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;
  transition: background-color ${({ theme }) => theme.motion.fast}, color ${({ theme }) => theme.motion.fast};

  svg {
    flex: none;
    opacity: 0.85;
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryText};

    svg {
      opacity: 1;
    }
  }
`;

/** The sidebar's link list, also used by the mobile menu drawer. NavLink marks the active one. */
export function NavList({ items, onNavigate }: { items: readonly TNavItem[]; onNavigate?: () => void }) {
  return (
    <List>
      {items.map((item) => (
        <li key={item.path}>
          <Item to={item.path} onClick={onNavigate}>
            <NavIcon path={item.path} />
            <span>{item.label}</span>
          </Item>
        </li>
      ))}
    </List>
  );
}
