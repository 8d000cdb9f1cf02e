import styled from 'styled-components';
import { USER_BLOCK_FALLBACKS, type TUser } from '@v2mom/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { roleLabel } from '../../../lib/role-labels';

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const Name = styled.p`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

/** Who the signed-in user is (docs/PRODUCT.md#account): department and role are the organisation's to set. */
export function ProfileCard({ user }: { user: TUser }) {
  const name = user.name.trim() || USER_BLOCK_FALLBACKS.name;
  return (
    <Card $padded>
      <Top>
        <Avatar name={name} src={user.avatarUrl} size={48} />
        <Name>{name}</Name>
      </Top>
      <Facts>
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Department</dt>
        <dd>{user.department.trim() || USER_BLOCK_FALLBACKS.department}</dd>
        <dt>Role</dt>
        <dd>{roleLabel(user.role)}</dd>
      </Facts>
    </Card>
  );
}
