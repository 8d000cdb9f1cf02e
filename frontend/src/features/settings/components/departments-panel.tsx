import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ZCreateDepartmentRequestSchema, ZRenameDepartmentRequestSchema, type TDepartment } from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { DividedList, DividedRow } from '../../../components/ui/divided-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { FieldError, Input, invalidProps } from '../../../components/ui/field';
import { useCreateDepartment } from '../api/create-department';
import { useDeleteDepartment } from '../api/delete-department';
import { useRenameDepartment } from '../api/rename-department';

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

const Row = styled(DividedRow)`
  form {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[2]};
    flex: 1 1 260px;
  }
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

const ADD_INPUT_ID = 'department-new-name';

/** The first message a department name breaks, or none. */
function nameError(result: { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

function DepartmentRow({ department, onDelete }: { department: TDepartment; onDelete: () => void }) {
  const rename = useRenameDepartment();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const inputId = `department-${department.id}-name`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZRenameDepartmentRequestSchema.safeParse({ name: draft, version: department.version });
    if (!parsed.success) return setError(nameError(parsed));
    rename.mutate({ id: department.id, ...parsed.data }, { onSuccess: () => setDraft(null) });
  };

  if (draft === null) {
    return (
      <Row aria-label={department.name}>
        <span>{department.name}</span>
        <Actions>
          <Button size="sm" onClick={() => setDraft(department.name)} aria-label={`Rename ${department.name}`}>
            Rename
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete} aria-label={`Delete ${department.name}`}>
            Delete
          </Button>
        </Actions>
      </Row>
    );
  }
  return (
    <Row aria-label={department.name}>
      <form noValidate onSubmit={onSubmit}>
        <Input
          id={inputId}
          aria-label={`New name for ${department.name}`}
          value={draft}
          autoFocus
          onChange={(event) => {
            setDraft(event.target.value);
            setError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
          }}
          {...invalidProps(inputId, error)}
        />
        <Button size="sm" type="submit" variant="primary" loading={rename.isPending}>
          Save
        </Button>
        <Button size="sm" onClick={() => setDraft(null)}>
          Cancel
        </Button>
        {error ? <FieldError controlId={inputId}>{error}</FieldError> : null}
      </form>
    </Row>
  );
}

/**
 * Departments (docs/PRODUCT.md#departments-admin): add, rename (every screen shows the new name,
 * live) and delete, which the server refuses with its reason while anyone belongs to it.
 */
export function DepartmentsPanel({ departments }: { departments: readonly TDepartment[] }) {
  const create = useCreateDepartment();
  const remove = useDeleteDepartment();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [deleting, setDeleting] = useState<TDepartment | null>(null);

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateDepartmentRequestSchema.safeParse({ name });
    if (!parsed.success) return setError(nameError(parsed));
    create.mutate(parsed.data, { onSuccess: () => setName('') });
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
            {departments.map((department) => (
              <DepartmentRow key={department.id} department={department} onDelete={() => setDeleting(department)} />
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
        description="Only a department nobody belongs to can be deleted."
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
