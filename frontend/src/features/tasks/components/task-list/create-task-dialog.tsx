import {
  ZCreateTaskSchema,
  type TCreateTask,
  type TMethodListItem,
  type TPickedPerson,
} from '@v2mom/contracts';
import { useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, Input, Textarea, invalidProps } from '../../../../components/ui/field';
import type { PickerSlotProps } from '../../../../components/ui/search-combobox';
import { useCreateTask } from '../../api/create-task';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const FORM_ID = 'create-task-form';

type TaskField = 'title' | 'description' | 'ownerId';
type FieldErrors = Partial<Record<TaskField, string>>;

/** The schema's first message per field: 'Title is required', 'Description is required', 'Owner is required'. */
function fieldErrorsOf(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const field = path[0];
    if ((field === 'title' || field === 'description' || field === 'ownerId') && !errors[field]) errors[field] = message;
  }
  return errors;
}

export interface CreateTaskDialogProps {
  onClose: () => void;
  /** The owner picker: people found as one types. */
  OwnerPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
  /** The optional associated method's picker: methods found as one types. */
  MethodPicker: ComponentType<PickerSlotProps<TMethodListItem>>;
}

/**
 * 'Create New Task' (docs/PRODUCT.md#tasks-screen): title, description, owner and an optional
 * method. Mounted only while open, so closing it resets the form; a created task closes it.
 */
export function CreateTaskDialog({ onClose, OwnerPicker, MethodPicker }: CreateTaskDialogProps) {
  const createTask = useCreateTask();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [owner, setOwner] = useState<TPickedPerson | null>(null);
  const [method, setMethod] = useState<TMethodListItem | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const ids = { title: useId(), description: useId(), owner: useId(), method: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (createTask.isPending) return;
    const parsed = ZCreateTaskSchema.safeParse({
      title,
      description,
      ownerId: owner?.id,
      methodId: method?.id ?? null,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    const input: TCreateTask = parsed.data;
    createTask.mutate(input, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Create New Task"
      description="Give the task an owner and, if it serves one, a method."
      initialFocus={titleRef}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={createTask.isPending}>
            {createTask.isPending ? 'Creating...' : 'Create Task'}
          </Button>
        </>
      }
    >
      <Form id={FORM_ID} noValidate onSubmit={submit}>
        <Field htmlFor={ids.title} label="Title" error={errors.title}>
          <Input
            id={ids.title}
            ref={titleRef}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            {...invalidProps(ids.title, errors.title)}
          />
        </Field>
        <Field htmlFor={ids.description} label="Description" error={errors.description}>
          <Textarea
            id={ids.description}
            value={description}
            rows={4}
            onChange={(event) => setDescription(event.target.value)}
            {...invalidProps(ids.description, errors.description)}
          />
        </Field>
        <Field htmlFor={ids.owner} label="Owner" error={errors.ownerId}>
          <OwnerPicker id={ids.owner} value={owner} onChange={setOwner} error={errors.ownerId} />
        </Field>
        <Field htmlFor={ids.method} label="Associated Method (Optional)">
          <MethodPicker id={ids.method} value={method} onChange={setMethod} onClear={() => setMethod(null)} clearLabel="No method" placeholder="No method" />
        </Field>
      </Form>
    </Dialog>
  );
}
