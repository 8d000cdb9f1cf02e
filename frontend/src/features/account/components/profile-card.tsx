import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { USER_BLOCK_FALLBACKS, ZUpdateProfileRequestSchema, type TUser } from '@v2mom/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, invalidProps } from '../../../components/ui/field';
import { roleLabel } from '../../../lib/role-labels';
import { useUpdateProfile } from '../api/update-profile';

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
  margin: 0 0 ${({ theme }) => theme.space[4]};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }

  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const NameForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[2]};

  & > :first-child {
    flex: 1 1 220px;
  }
`;

const NAME_INPUT_ID = 'account-name';

function NameEditor({ user }: { user: TUser }) {
  const updateProfile = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZUpdateProfileRequestSchema.safeParse({ name, version: user.version });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    updateProfile.mutate(parsed.data, { onSuccess: (saved) => setName(saved.name) });
  };

  return (
    <NameForm noValidate onSubmit={onSubmit}>
      <Field htmlFor={NAME_INPUT_ID} label="Name" error={error}>
        <Input
          id={NAME_INPUT_ID}
          autoComplete="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          {...invalidProps(NAME_INPUT_ID, error)}
        />
      </Field>
      <Button type="submit" loading={updateProfile.isPending} disabled={name === user.name}>
        {updateProfile.isPending ? 'Saving...' : 'Save name'}
      </Button>
    </NameForm>
  );
}

/**
 * Who the signed-in user is (docs/PRODUCT.md#account): the name is theirs to change; username,
 * department and role are set by an administrator.
 */
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
      <NameEditor user={user} />
    </Card>
  );
}
