import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { PATHS, USER_BLOCK_FALLBACKS, type TUser } from '@v2mom/contracts';
import { Avatar } from '../../components/ui/avatar';
import { VisuallyHidden } from '../../components/ui/visually-hidden';

const Root = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  background: ${({ theme }) => theme.colors.surfaceHover};
  color: inherit;
  text-decoration: none;
  min-width: 0;
  transition: border-color ${({ theme }) => theme.motion.fast};

  &:hover,
  &[aria-current='page'] {
    border-color: ${({ theme }) => theme.colors.borderStrong};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Text = styled.div`
  min-width: 0;
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

const Name = styled.p`
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Department = styled.p`
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

/**
 * Initials, name and department (docs/PRODUCT.md#shell), with 'User' and 'Team Member' as defaults;
 * the way to the user's own page, /account (docs/PRODUCT.md#account).
 */
export function UserBlock({ user }: { user: Pick<TUser, 'name' | 'department' | 'avatarUrl'> }) {
  const name = user.name.trim() || USER_BLOCK_FALLBACKS.name;
  const department = user.department.trim() || USER_BLOCK_FALLBACKS.department;
  return (
    <Root data-testid="user-block" to={PATHS.account}>
      {/* The link's name keeps the visible text in it (WCAG 2.5.3), after what it opens. */}
      <VisuallyHidden>Account: </VisuallyHidden>
      <Avatar name={name} src={user.avatarUrl} size={36} />
      <Text>
        <Name>{name}</Name>
        <Department>{department}</Department>
      </Text>
    </Root>
  );
}
