import styled from 'styled-components';
import { USER_BLOCK_FALLBACKS, type TUser } from '@v2mom/contracts';
import { Avatar } from '../../components/ui/avatar';

const Root = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceHover};
  min-width: 0;
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

/** Initials, name and department (docs/PRODUCT.md#shell), with 'User' and 'Team Member' as defaults. */
export function UserBlock({ user }: { user: Pick<TUser, 'name' | 'department' | 'avatarUrl'> }) {
  const name = user.name.trim() || USER_BLOCK_FALLBACKS.name;
  const department = user.department.trim() || USER_BLOCK_FALLBACKS.department;
  return (
    <Root data-testid="user-block">
      <Avatar name={name} src={user.avatarUrl} size={36} />
      <Text>
        <Name>{name}</Name>
        <Department>{department}</Department>
      </Text>
    </Root>
  );
}
