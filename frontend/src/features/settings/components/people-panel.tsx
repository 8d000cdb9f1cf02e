import { useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { ROLES, type TAdminUser, type TAdminUserListView, type TDepartment, type TPickedPerson, type TRole } from '@v2mom/contracts';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Select } from '../../../components/ui/field';
import { MenuButton, type MenuChoice } from '../../../components/ui/menu-button';
import { MoreRows } from '../../../components/ui/more-rows';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import type { PickerSlotProps } from '../../../components/ui/search-combobox';
import { Skeleton } from '../../../components/ui/skeleton';
import { ActionsTd, CellSubtext, Td, Tr, TruncatedText } from '../../../components/ui/table';
import { personName } from '../../../lib/person-name';
import { media } from '../../../lib/theme/tokens';
import { roleLabel } from '../../../lib/role-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useAdminUserPages } from '../api/get-admin-user-page';
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
`;

const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  & > input {
    flex: 0 1 320px;
  }

  & > select {
    flex: 0 1 180px;
  }
`;

/** Capabilities wrap early: the room goes to the names first. */
const Capabilities = styled.span`
  display: block;
  max-width: 18ch;

  ${media.mobile} {
    max-width: none;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

// The username under the name, and the actions in one menu, let the table fit beside the sidebar on a laptop.
const COLUMNS = ['Name', 'Department', 'Manager', 'Role', 'Capabilities', 'Active', 'Last sign-in'];
const SKELETON_CELLS = [
  <Skeleton $width="140px" />,
  <Skeleton $width="90px" />,
  <Skeleton $width="120px" />,
  <Skeleton $width="60px" />,
  <Skeleton $width="120px" />,
  <Skeleton $width="60px" />,
  <Skeleton $width="80px" />,
  null,
];

const ACTIVE_CHOICES = { true: 'Active', false: 'Deactivated' } as const;

/** The role filter's value from the URL: a role, else any. */
function roleOf(value: string | null): TRole | undefined {
  return ROLES.find((role) => role === value);
}

/** The active filter's value from the URL: `true`, `false`, else either. */
function activeOf(value: string | null): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** The department filter's value from the URL: one of the departments' ids, else any. */
function departmentOf(value: string | null, departments: readonly TDepartment[]): number | undefined {
  return departments.find((department) => String(department.id) === value)?.id;
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

/** A row's actions, in one menu (docs/PRODUCT.md#people). */
function personChoices(user: TAdminUser, self: boolean, onEdit: () => void, onAsk: (pending: Pending) => void): MenuChoice[] {
  const choices: MenuChoice[] = [
    { key: 'edit', label: 'Edit', name: `Edit ${user.name}`, onSelect: onEdit },
    { key: 'reset', label: 'Reset password', name: `Reset password of ${user.name}`, onSelect: () => onAsk({ kind: 'reset', user }) },
  ];
  if (self) return choices;
  const kind = user.active ? 'deactivate' : 'reactivate';
  const label = CONFIRMATIONS[kind].action;
  return [...choices, { key: kind, label, name: `${label} ${user.name}`, tone: user.active ? 'danger' : undefined, onSelect: () => onAsk({ kind, user }) }];
}

function PersonRow({ user, self, onEdit, onAsk }: { user: TAdminUser; self: boolean; onEdit: () => void; onAsk: (pending: Pending) => void }) {
  return (
    <Tr aria-label={user.name}>
      <Td data-primary>
        <UserText>{user.name}</UserText>
        {self ? <Muted> (you)</Muted> : null}
        <CellSubtext>
          <TruncatedText text={user.username} max="18ch" />
        </CellSubtext>
      </Td>
      <Td data-label="Department">
        <TruncatedText text={user.department} max="14ch" />
      </Td>
      <Td data-label="Manager">{user.manager ? <UserText>{personName(user.manager)}</UserText> : <Muted>None</Muted>}</Td>
      <Td data-label="Role">{roleLabel(user.role)}</Td>
      <Td data-label="Capabilities">{user.capabilities.length ? <Capabilities>{user.capabilities.join(', ')}</Capabilities> : <Muted>None</Muted>}</Td>
      <Td data-label="Active">{user.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>}</Td>
      <Td data-label="Last sign-in">
        <RelativeTime value={user.lastSignInAt} fallback="Never" />
      </Td>
      <ActionsTd>
        <MenuButton label="Actions" name={`Actions for ${user.name}`} choices={personChoices(user, self, onEdit, onAsk)} />
      </ActionsTd>
    </Tr>
  );
}

/**
 * People (docs/PRODUCT.md#people): the organisation's accounts in a table the server searches,
 * filters and pages, the next page asked for as the table's end nears, the filters kept in the URL
 * (`?q=`, `?role=`, `?active=`, `?department=`); add, edit, reset a password, deactivate and
 * reactivate, each write confirmed where it cannot be undone quietly.
 */
interface PeoplePanelProps {
  departments: readonly TDepartment[];
  currentUserId: number;
  /** The Export menu of the people the filters hold (docs/PRODUCT.md#spreadsheets), composed by the page. */
  PeopleExport: ComponentType<{ view: TAdminUserListView }>;
  /** Finds the active person chosen as someone's manager, composed by the page. */
  ManagerPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
}

export function PeoplePanel({ departments, currentUserId, PeopleExport, ManagerPicker }: PeoplePanelProps) {
  // Kept beside Settings' `?tab=`.
  const { searchParams, q, text, setText, setParam } = useUrlFilters<'role' | 'active' | 'department'>();
  const role = roleOf(searchParams.get('role'));
  const active = activeOf(searchParams.get('active'));
  const departmentId = departmentOf(searchParams.get('department'), departments);

  const view: TAdminUserListView = { q: q.trim() || undefined, role, active, departmentId, sort: 'name', dir: 'asc' };
  const users = useAdminUserPages(view);
  const rows = users.rows ?? [];
  const [editing, setEditing] = useState<TAdminUser | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [password, setPassword] = useState<TemporaryPassword | null>(null);
  const setActive = useSetUserActive();
  const resetPassword = useResetUserPassword();

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
        <Filters role="search" aria-label="Filter people">
          <Input type="search" aria-label="Search people" placeholder="Name, username or department" value={text} onChange={(event) => setText(event.target.value)} />
          <Select aria-label="Role" value={role ?? ''} onChange={(event) => setParam('role', event.target.value)}>
            <option value="">All roles</option>
            {ROLES.map((each) => (
              <option key={each} value={each}>
                {roleLabel(each)}
              </option>
            ))}
          </Select>
          <Select aria-label="Status" value={active === undefined ? '' : String(active)} onChange={(event) => setParam('active', event.target.value)}>
            <option value="">Active and deactivated</option>
            {Object.entries(ACTIVE_CHOICES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Select aria-label="Department" value={departmentId ?? ''} onChange={(event) => setParam('department', event.target.value)}>
            <option value="">All departments</option>
            {departments.map((department) => (
              <option key={department.id} value={department.id}>
                {department.name}
              </option>
            ))}
          </Select>
        </Filters>
        <PeopleExport view={view} />
        <Button variant="primary" onClick={() => setEditing('new')} disabled={departments.length === 0}>
          Add user
        </Button>
      </Toolbar>
      <QueryTable
        name={{ label: 'People' }}
        columns={COLUMNS}
        dense
        query={users.query}
        skeletonCells={SKELETON_CELLS}
        errorTitle="Failed to load people"
        emptyMessage="No people match your search"
      >
        {rows.map((user) => (
          <PersonRow key={user.id} user={user} self={user.id === currentUserId} onEdit={() => setEditing(user)} onAsk={setPending} />
        ))}
      </QueryTable>
      {rows.length > 0 ? <MoreRows more={users.more} label="people" /> : null}
      {editing ? (
        <UserDialog
          key={editing === 'new' ? 'new' : editing.id}
          open
          user={editing === 'new' ? null : editing}
          departments={departments}
          ManagerPicker={ManagerPicker}
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
