import { useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import { displayName, ZCreateDepartmentRequestSchema, ZUpdateDepartmentRequestSchema, type TDepartment, type TPickedPerson } from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { DividedList, DividedRow } from '../../../components/ui/divided-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, FieldError, Input, Select, invalidProps } from '../../../components/ui/field';
import type { PickerSlotProps } from '../../../components/ui/search-combobox';
import { ApiError } from '../../../lib/api-client';
import { useCreateDepartment } from '../api/create-department';
import { useDeleteDepartment } from '../api/delete-department';
import { useUpdateDepartment } from '../api/update-department';
import { departmentTree, type PlacedDepartment } from './department-tree';

const AddForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[4]};

  & > div {
    flex: 0 1 320px;
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
  }
`;

/** Teams sit under their department, a step in per level; three steps at most, so a phone keeps its width. */
const Row = styled(DividedRow)<{ $depth: number }>`
  padding-left: ${({ $depth }) => `${Math.min($depth, 3) * 20}px`};
`;

const Summary = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;

  & > span:first-child {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Meta = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const EditForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  flex: 1 1 100%;
  max-width: 480px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const ADD_INPUT_ID = 'department-new-name';
const NO_PARENT = '';

type EditField = 'name' | 'parentId' | 'headId';
type EditErrors = Partial<Record<EditField, string>>;
const EDIT_FIELDS: readonly string[] = ['name', 'parentId', 'headId'] satisfies EditField[];
const isEditField = (field: PropertyKey | undefined): field is EditField => typeof field === 'string' && EDIT_FIELDS.includes(field);

/** The first message a department name breaks, or none. */
function nameError(result: { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** A refused save's messages beside their fields: the server names `parentId` or `headId`. */
function serverFieldErrors(error: unknown): EditErrors {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fieldErrors) return {};
  const errors: EditErrors = {};
  for (const [field, [message]] of Object.entries(error.fieldErrors)) if (isEditField(field) && message) errors[field] ??= message;
  return errors;
}

/** 'Team of Engineering · Head: Logan Lee'. */
function describePlace({ department, parentName }: PlacedDepartment): string {
  const head = department.head ? `Head: ${displayName(department.head)}` : 'No head';
  return parentName ? `Team of ${parentName} · ${head}` : head;
}

interface Draft {
  name: string;
  parentId: number | null;
  head: TPickedPerson | null;
}

interface EditorProps {
  department: TDepartment;
  departments: readonly TDepartment[];
  HeadPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
  onDone: () => void;
}

/**
 * A department's name, the department it is a team of and its head, in place. Only what changed
 * is sent; a parent or head the server refuses is said beside its field.
 */
function DepartmentEditor({ department, departments, HeadPicker, onDone }: EditorProps) {
  const update = useUpdateDepartment();
  const [draft, setDraft] = useState<Draft>({ name: department.name, parentId: department.parentId, head: department.head });
  const [errors, setErrors] = useState<EditErrors>({});
  const ids = { name: `department-${department.id}-name`, parentId: `department-${department.id}-parent`, headId: `department-${department.id}-head` };
  const parents = departments.filter((other) => other.id !== department.id);

  const set = (patch: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setErrors({});
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const headId = draft.head?.id ?? null;
    const parsed = ZUpdateDepartmentRequestSchema.safeParse({
      ...(draft.name === department.name ? {} : { name: draft.name }),
      ...(draft.parentId === department.parentId ? {} : { parentId: draft.parentId }),
      ...(headId === (department.head?.id ?? null) ? {} : { headId }),
      version: department.version,
    });
    if (!parsed.success) {
      const found: EditErrors = {};
      for (const issue of parsed.error.issues) if (isEditField(issue.path[0])) found[issue.path[0]] ??= issue.message;
      return setErrors(found);
    }
    if (Object.keys(parsed.data).length === 1) return onDone();
    update.mutate({ id: department.id, ...parsed.data }, { onSuccess: onDone, onError: (error) => setErrors(serverFieldErrors(error)) });
  };

  return (
    <EditForm
      noValidate
      aria-label={`Edit ${department.name}`}
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) onDone();
      }}
    >
      <Field htmlFor={ids.name} label="Name" error={errors.name}>
        <Input id={ids.name} autoFocus autoComplete="off" value={draft.name} onChange={(event) => set({ name: event.target.value })} {...invalidProps(ids.name, errors.name)} />
      </Field>
      <Field htmlFor={ids.parentId} label="Team of" error={errors.parentId}>
        <Select
          id={ids.parentId}
          value={draft.parentId ?? NO_PARENT}
          onChange={(event) => set({ parentId: event.target.value === NO_PARENT ? null : Number(event.target.value) })}
          {...invalidProps(ids.parentId, errors.parentId)}
        >
          <option value={NO_PARENT}>No department (a top department)</option>
          {parents.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {parent.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field htmlFor={ids.headId} label="Head" error={errors.headId}>
        <HeadPicker
          id={ids.headId}
          value={draft.head}
          onChange={(head) => set({ head })}
          placeholder="No head"
          onClear={() => set({ head: null })}
          clearLabel="No head"
          error={errors.headId}
        />
      </Field>
      <Actions>
        <Button size="sm" type="submit" variant="primary" loading={update.isPending}>
          Save
        </Button>
        <Button size="sm" onClick={onDone}>
          Cancel
        </Button>
      </Actions>
    </EditForm>
  );
}

interface RowProps {
  placed: PlacedDepartment;
  departments: readonly TDepartment[];
  HeadPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
  onDelete: () => void;
}

function DepartmentRow({ placed, departments, HeadPicker, onDelete }: RowProps) {
  const { department, depth } = placed;
  const [editing, setEditing] = useState(false);
  return (
    <Row aria-label={department.name} $depth={depth}>
      {editing ? (
        <DepartmentEditor department={department} departments={departments} HeadPicker={HeadPicker} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Summary>
            <span>{department.name}</span>
            <Meta>{describePlace(placed)}</Meta>
          </Summary>
          <Actions>
            <Button size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${department.name}`}>
              Edit
            </Button>
            <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${department.name}`}>
              Delete
            </Button>
          </Actions>
        </>
      )}
    </Row>
  );
}

export interface DepartmentsPanelProps {
  departments: readonly TDepartment[];
  /** Finds a head among active people as one types. */
  HeadPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
}

/**
 * Departments (docs/PRODUCT.md#departments-admin): add, then each in tree order, teams under their
 * department, with its head; edit its name, parent and head in place (every screen shows a new
 * name, live) and delete, which the server refuses with its reason while anyone or any team
 * belongs to it.
 */
export function DepartmentsPanel({ departments, HeadPicker }: DepartmentsPanelProps) {
  const create = useCreateDepartment();
  const remove = useDeleteDepartment();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<TDepartment | null>(null);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateDepartmentRequestSchema.safeParse({ name });
    if (!parsed.success) return setError(nameError(parsed));
    create.mutate({ name: parsed.data.name }, { onSuccess: () => setName('') });
  };

  return (
    <>
      <AddForm noValidate onSubmit={onAdd}>
        <div>
          <Input
            id={ADD_INPUT_ID}
            aria-label="New department"
            placeholder="New department"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            {...invalidProps(ADD_INPUT_ID, error)}
          />
          {error ? <FieldError controlId={ADD_INPUT_ID}>{error}</FieldError> : null}
        </div>
        <Button type="submit" variant="primary" loading={create.isPending}>
          Add department
        </Button>
      </AddForm>
      {departments.length === 0 ? (
        <EmptyState title="No departments yet" compact />
      ) : (
        <Card $padded>
          <DividedList aria-label="Departments">
            {departmentTree(departments).map((placed) => (
              <DepartmentRow
                key={placed.department.id}
                placed={placed}
                departments={departments}
                HeadPicker={HeadPicker}
                onDelete={() => setDeleting(placed.department)}
              />
            ))}
          </DividedList>
        </Card>
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        role="alertdialog"
        title={`Delete ${deleting?.name ?? ''}?`}
        description="Only a department nobody belongs to and with no teams can be deleted."
        footer={
          <>
            <Button onClick={() => setDeleting(null)}>Cancel</Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
            >
              Delete
            </Button>
          </>
        }
      />
    </>
  );
}
