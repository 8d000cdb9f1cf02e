import { useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  CAPABILITIES,
  ROLES,
  ZCreateUserRequestSchema,
  ZUpdateUserRequestSchema,
  type TAdminUser,
  type TCapability,
  type TDepartment,
  type TPickedPerson,
  type TRole,
} from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Label, Select, invalidProps } from '../../../components/ui/field';
import type { PickerSlotProps } from '../../../components/ui/search-combobox';
import { roleLabel } from '../../../lib/role-labels';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';
import type { TemporaryPassword } from './temporary-password-dialog';
import { NamedOptions } from '../../../components/ui/named-options';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Capabilities = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  border: 0;

  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

type Draft = { username: string; name: string; departmentId: number | null; role: TRole; capabilities: TCapability[]; manager: TPickedPerson | null };
type DraftField = keyof Draft | 'managerId';
const DRAFT_FIELDS: readonly string[] = ['username', 'name', 'departmentId', 'role', 'capabilities', 'managerId'] satisfies DraftField[];

function isDraftField(field: PropertyKey | undefined): field is DraftField {
  return typeof field === 'string' && DRAFT_FIELDS.includes(field);
}

const FORM_ID = 'user-dialog-form';
const controlId = (field: DraftField) => `user-dialog-${field}`;

function draftOf(user: TAdminUser | null, departments: readonly TDepartment[]): Draft {
  if (user) {
    return { username: user.username, name: user.name, departmentId: user.departmentId, role: user.role, capabilities: [...user.capabilities], manager: user.manager };
  }
  return { username: '', name: '', departmentId: departments[0]?.id ?? null, role: 'user', capabilities: [], manager: null };
}

function issuesByField(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>) {
  const errors: Partial<Record<DraftField, string>> = {};
  for (const { path, message } of issues) {
    const [field] = path;
    if (isDraftField(field)) errors[field] ??= message;
  }
  return errors;
}

export interface UserDialogProps {
  /** The person being edited, or null to create one. */
  user: TAdminUser | null;
  open: boolean;
  onClose: () => void;
  departments: readonly TDepartment[];
  /** A created account's temporary password, for the caller to show once. */
  onCreated: (password: TemporaryPassword) => void;
  /** Finds the manager among active people as one types. */
  ManagerPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
}

/**
 * Create a person (username, name, department, manager, role, capabilities) or edit all but the
 * username (docs/PRODUCT.md#people). The contract's rules are checked before anything is sent; the
 * manager is sent only when it changed, so an edit never trips over a manager since deactivated.
 */
export function UserDialog({ user, open, onClose, departments, onCreated, ManagerPicker }: UserDialogProps) {
  const [draft, setDraft] = useState(() => draftOf(user, departments));
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const saving = createUser.isPending || updateUser.isPending;

  const set = (patch: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { name: draft.name, departmentId: draft.departmentId, role: draft.role, capabilities: draft.capabilities };
    const managerId = draft.manager?.id ?? null;
    if (user) {
      const managerChange = managerId === (user.manager?.id ?? null) ? {} : { managerId };
      const parsed = ZUpdateUserRequestSchema.safeParse({ ...fields, ...managerChange, version: user.version });
      if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
      updateUser.mutate({ id: user.id, ...parsed.data }, { onSuccess: onClose });
      return;
    }
    const parsed = ZCreateUserRequestSchema.safeParse({ ...fields, managerId, username: draft.username });
    if (!parsed.success) return setErrors(issuesByField(parsed.error.issues));
    createUser.mutate(parsed.data, {
      onSuccess: ({ user: created, temporaryPassword }) => {
        onClose();
        onCreated({ who: `${created.name} (${created.username})`, password: temporaryPassword });
      },
    });
  };

  const title = user ? `Edit ${user.name}` : 'Add user';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      footer={
        <>
          <Button onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={saving}>
            {user ? 'Save changes' : 'Create user'}
          </Button>
        </>
      }
    >
      <Form id={FORM_ID} noValidate onSubmit={onSubmit}>
        {user ? null : (
          <Field htmlFor={controlId('username')} label="Username" error={errors.username}>
            <Input
              id={controlId('username')}
              autoComplete="off"
              value={draft.username}
              onChange={(event) => set({ username: event.target.value })}
              {...invalidProps(controlId('username'), errors.username)}
            />
          </Field>
        )}
        <Field htmlFor={controlId('name')} label="Name" error={errors.name}>
          <Input
            id={controlId('name')}
            autoComplete="off"
            value={draft.name}
            onChange={(event) => set({ name: event.target.value })}
            {...invalidProps(controlId('name'), errors.name)}
          />
        </Field>
        <Field htmlFor={controlId('departmentId')} label="Department" error={errors.departmentId}>
          <Select
            id={controlId('departmentId')}
            value={draft.departmentId ?? ''}
            onChange={(event) => set({ departmentId: Number(event.target.value) })}
            {...invalidProps(controlId('departmentId'), errors.departmentId)}
          >
            <NamedOptions rows={departments} />
          </Select>
        </Field>
        <Field htmlFor={controlId('managerId')} label="Manager" error={errors.managerId}>
          <ManagerPicker
            id={controlId('managerId')}
            value={draft.manager}
            onChange={(manager) => set({ manager })}
            placeholder="No manager"
            onClear={() => set({ manager: null })}
            clearLabel="No manager"
            error={errors.managerId}
          />
        </Field>
        <Field htmlFor={controlId('role')} label="Role">
          <Select id={controlId('role')} value={draft.role} onChange={(event) => set({ role: ROLES.find((role) => role === event.target.value) ?? draft.role })}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </Select>
        </Field>
        <Capabilities>
          <Label as="legend">Capabilities</Label>
          {CAPABILITIES.map((capability) => (
            <label key={capability}>
              <input
                type="checkbox"
                checked={draft.capabilities.includes(capability)}
                onChange={(event) =>
                  set({
                    capabilities: event.target.checked
                      ? [...draft.capabilities, capability]
                      : draft.capabilities.filter((held) => held !== capability),
                  })
                }
              />
              {capability}
            </label>
          ))}
        </Capabilities>
      </Form>
    </Dialog>
  );
}
