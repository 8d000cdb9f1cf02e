import { useDeferredValue, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { TAdminUser, TDepartment } from '@v2mom/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/field';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { Td, Tr } from '../../../components/ui/table';
import { roleLabel } from '../../../lib/role-labels';
import { useAdminUsers } from '../api/get-admin-users';
import { useResetUserPassword } from '../api/reset-user-password';
import { useSetUserActive } from '../api/set-user-active';
import { TemporaryPasswordDialog, type TemporaryPassword } from './temporary-password-dialog';
import { UserDialog } from './user-dialog';
import { UserText } from '../../../components/ui/user-text';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};

  & > input {
    flex: 0 1 320px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const COLUMNS = ['Name', 'Username', 'Department', 'Role', 'Capabilities', 'Active', 'Last sign-in'];
const SKELETON_CELLS = [
  <Skeleton $width="140px" />,
  <Skeleton $width="80px" />,
  <Skeleton $width="90px" />,
  <Skeleton $width="60px" />,
  <Skeleton $width="120px" />,
  <Skeleton $width="60px" />,
  <Skeleton $width="80px" />,
  null,
];

/** What the search box matches: name, username and department, ignoring case. */
function matches(user: TAdminUser, words: readonly string[]): boolean {
  const text = `${user.name} ${user.username} ${user.department}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

type Pending = { kind: 'deactivate' | 'reactivate' | 'reset'; user: TAdminUser };

const CONFIRMATIONS: Record<Pending['kind'], { title: (name: string) => string; text: string; action: string }> = {
  deactivate: {
    title: (name) => `Deactivate ${name}?`,
    text: 'They are signed out everywhere at once and cannot sign in. What they own stays, shown as theirs.',
    action: 'Deactivate',
  },
  reactivate: { title: (name) => `Reactivate ${name}?`, text: 'They can sign in again with their password.', action: 'Reactivate' },
  reset: {
    title: (name) => `Reset the password of ${name}?`,
    text: 'They are signed out everywhere and get a temporary password, shown once, which they must change.',
    action: 'Reset password',
  },
};

function PersonRow({ user, self, onEdit, onAsk }: { user: TAdminUser; self: boolean; onEdit: () => void; onAsk: (pending: Pending) => void }) {
  return (
    <Tr aria-label={user.name}>
      <Td data-primary>
        <UserText>{user.name}</UserText>
        {self ? <Muted> (you)</Muted> : null}
      </Td>
      <Td data-label="Username">{user.username}</Td>
      <Td data-label="Department">{user.department}</Td>
      <Td data-label="Role">{roleLabel(user.role)}</Td>
      <Td data-label="Capabilities">{user.capabilities.length ? user.capabilities.join(', ') : <Muted>None</Muted>}</Td>
      <Td data-label="Active">{user.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</Td>
      <Td data-label="Last sign-in">
        <RelativeTime value={user.lastSignInAt} fallback="Never" />
      </Td>
      <Td data-label="Actions">
        <Actions>
          <Button size="sm" onClick={onEdit} aria-label={`Edit ${user.name}`}>
            Edit
          </Button>
          <Button size="sm" onClick={() => onAsk({ kind: 'reset', user })} aria-label={`Reset password of ${user.name}`}>
            Reset password
          </Button>
          {self ? null : user.active ? (
            <Button size="sm" variant="danger" onClick={() => onAsk({ kind: 'deactivate', user })} aria-label={`Deactivate ${user.name}`}>
              Deactivate
            </Button>
          ) : (
            <Button size="sm" onClick={() => onAsk({ kind: 'reactivate', user })} aria-label={`Reactivate ${user.name}`}>
              Reactivate
            </Button>
          )}
        </Actions>
      </Td>
    </Tr>
  );
}

/**
 * People (docs/PRODUCT.md#people): everyone in a table searched as one types; add, edit, reset a
 * password, deactivate and reactivate, each write confirmed where it cannot be undone quietly.
 */
export function PeoplePanel({ departments, currentUserId }: { departments: readonly TDepartment[]; currentUserId: number }) {
  const users = useAdminUsers();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<TAdminUser | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState<TemporaryPassword | null>(null);
  const setActive = useSetUserActive();
  const resetPassword = useResetUserPassword();

  const shown = useMemo(() => {
    const words = deferredSearch.toLowerCase().split(/\s+/).filter(Boolean);
    return (users.data ?? []).filter((user) => matches(user, words));
  }, [users.data, deferredSearch]);

  const confirm = () => {
    if (!pending) return;
    const { kind, user } = pending;
    const done = () => setPending(null);
    if (kind === 'reset') {
      resetPassword.mutate(user.id, {
        onSuccess: ({ user: reset, temporaryPassword }) => {
          done();
          setPassword({ who: `${reset.name} (${reset.username})`, password: temporaryPassword });
        },
      });
    } else {
      setActive.mutate({ id: user.id, active: kind === 'reactivate' }, { onSuccess: done });
    }
  };

  const confirmation = pending ? CONFIRMATIONS[pending.kind] : null;
  return (
    <>
      <Toolbar>
        <Input type="search" aria-label="Search people" placeholder="Name, username or department" value={search} onChange={(event) => setSearch(event.target.value)} />
        <Button variant="primary" onClick={() => setEditing('new')} disabled={departments.length === 0}>
          Add user
        </Button>
      </Toolbar>
      <QueryTable
        name={{ label: 'People' }}
        columns={COLUMNS}
        query={users}
        skeletonCells={SKELETON_CELLS}
        errorTitle="Failed to load people"
        emptyMessage="No people match your search"
      >
        {shown.map((user) => (
          <PersonRow key={user.id} user={user} self={user.id === currentUserId} onEdit={() => setEditing(user)} onAsk={setPending} />
        ))}
      </QueryTable>
      {editing ? (
        <UserDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          user={editing === 'new' ? null : editing}
          departments={departments}
          onClose={() => setEditing(null)}
          onCreated={setPassword}
        />
      ) : null}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        role="alertdialog"
        title={confirmation && pending ? confirmation.title(pending.user.name) : ''}
        description={confirmation?.text}
        footer={
          <>
            <Button onClick={() => setPending(null)}>Cancel</Button>
            <Button variant={pending?.kind === 'reactivate' ? 'primary' : 'danger'} loading={setActive.isPending || resetPassword.isPending} onClick={confirm}>
              {confirmation?.action}
            </Button>
          </>
        }
      />
      <TemporaryPasswordDialog shown={password} onClose={() => setPassword(null)} />
    </>
  );
}
