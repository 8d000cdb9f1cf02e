import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import type { TNavItem } from '@v2mom/contracts';
import { media } from '../../lib/theme/tokens';
import { NavIcon } from './nav-icons';

const Bar = styled.nav`
  display: none;

  ${media.mobile} {
    display: block;
    position: fixed;
    inset: auto 0 0 0;
    z-index: ${({ theme }) => theme.zIndex.mobileBar};
    padding-bottom: env(safe-area-inset-bottom);
    background: ${({ theme }) => theme.colors.surface};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0 2px;
  display: flex;
  height: ${({ theme }) => theme.layout.mobileBarHeight};
`;

const Entry = styled.li`
  flex: 1 1 0;
  min-width: 0;
`;

const Item = styled(NavLink)`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 3px;
  height: 100%;
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 11px;
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;

  @media (max-width: 400px) {
    font-size: 10px;
    letter-spacing: -0.01em;
  }

  span {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  &[aria-current='page'] {
    color: ${({ theme }) => theme.colors.primaryText};
  }

  &:focus-visible {
    outline-offset: -2px;
  }
`;

/** The mobile bottom bar (docs/PRODUCT.md#shell), shown only below the desktop breakpoint. */
export function MobileBar({ items }: { items: readonly TNavItem[] }) {
  return (
    <Bar aria-label="Mobile navigation">
      <List>
        {items.map((item) => (
          <Entry key={item.path}>
            <Item to={item.path}>
              <NavIcon path={item.path} />
              <span>{item.label}</span>
            </Item>
          </Entry>
        ))}
      </List>
    </Bar>
  );
}
