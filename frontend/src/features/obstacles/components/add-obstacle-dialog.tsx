import {
  TRUNCATE_AT,
  addObstacleV2momsFilter,
  hasVisibleCharacter,
  truncate,
  type TCreateObstacle,
  type TMethodListItem,
  type TUser,
  type TPickedPerson,
  type TV2mom,
} from '@v2mom/contracts';
import { useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import type { PickerSlotProps } from '../../../components/ui/search-combobox';
import { notify } from '../../../lib/toast';
import { useCreateObstacle } from '../api/create-obstacle';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
`;

const Required = styled.span`
  margin-left: 2px;
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const Optional = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const MethodList = styled.ul`
  max-height: 176px;
  overflow-y: auto;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const MethodOption = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.fontSize.md};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  input {
    flex: none;
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Note = styled.p`
  padding: ${({ theme }) => theme.space[3]};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FORM_ID = 'add-obstacle-form';

/** A list another feature loads; `isPending` until its first answer. */
interface LoadingList<T> {
  data: readonly T[] | undefined;
  isPending: boolean;
}

export interface AddObstacleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: TUser;
  /** The V2MOM picker: V2MOMs found as one types, only `ownerId`'s when it is given. */
  V2momPicker: ComponentType<PickerSlotProps<TV2mom> & { ownerId?: number }>;
  /** The chosen V2MOM's methods to tick (a hook); none asked for while no V2MOM is chosen. */
  useMethodsOfV2mom: (v2momId: number | null) => LoadingList<TMethodListItem>;
  /** The owner picker: people found as one types. */
  OwnerPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
}

/**
 * Dashboard 'Add Obstacle' (docs/PRODUCT.md#screens): description, one of the V2MOMs the user may
 * add obstacles to, an owner (the signed-in user by default) and, optionally, methods of
 * that V2MOM. Mounted only while open, so closing it resets the form.
 */
export function AddObstacleDialog({ open, onOpenChange, user, V2momPicker, useMethodsOfV2mom, OwnerPicker }: AddObstacleDialogProps) {
  const createObstacle = useCreateObstacle();

  const [description, setDescription] = useState('');
  const [v2mom, setV2mom] = useState<TV2mom | null>(null);
  const [owner, setOwner] = useState<TPickedPerson>(user);
  const [linkedMethodIds, setLinkedMethodIds] = useState<readonly number[]>([]);

  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const ids = { description: useId(), v2mom: useId(), owner: useId() };

  const methods = useMethodsOfV2mom(v2mom?.id ?? null);
  const methodsOfV2mom = methods.data ?? [];

  const chooseV2mom = (next: TV2mom) => {
    setV2mom(next);
    setLinkedMethodIds([]); // methods belong to one V2MOM: a new V2MOM starts with none chosen
  };

  const toggleMethod = (methodId: number, checked: boolean) =>
    setLinkedMethodIds((current) => (checked ? [...current, methodId] : current.filter((id) => id !== methodId)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (createObstacle.isPending) return;
    if (!hasVisibleCharacter(description) || v2mom === null) {
      notify({
        variant: 'destructive',
        title: 'Missing required fields',
        message: 'Please fill in description and select a V2MOM.',
      });
      return;
    }
    const input: TCreateObstacle = {
      description: description.trim(),
      v2momId: v2mom.id,
      linkedMethodIds: [...linkedMethodIds],
      ownerId: owner.id,
      order: 0,
    };
    createObstacle.mutate(input, { onSuccess: () => onOpenChange(false) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Obstacle"
      description="Record something standing in the way of a V2MOM, and the methods it affects."
      initialFocus={descriptionRef}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" form={FORM_ID} variant="primary" loading={createObstacle.isPending}>
            {createObstacle.isPending ? 'Creating...' : 'Create Obstacle'}
          </Button>
        </>
      }
    >
      <Form id={FORM_ID} noValidate onSubmit={submit}>
        <Field htmlFor={ids.description} label="Description">
          <Textarea
            id={ids.description}
            ref={descriptionRef}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="What is standing in the way?"
            rows={4}
          />
        </Field>

        <Field htmlFor={ids.v2mom} label="V2MOM">
          {/* Only the V2MOMs this user may add obstacles to; the server refuses any other. */}
          <V2momPicker id={ids.v2mom} required value={v2mom} onChange={chooseV2mom} {...addObstacleV2momsFilter(user)} />
        </Field>

        <Field
          htmlFor={ids.owner}
          label={
            <>
              Owner<Required aria-hidden="true">*</Required>
            </>
          }
        >
          <OwnerPicker id={ids.owner} required value={owner} onChange={setOwner} />
        </Field>

        <Fieldset>
          <Legend>
            Linked Methods <Optional>(optional)</Optional>
          </Legend>
          {v2mom === null ? (
            <Note>Select a V2MOM to link its methods.</Note>
          ) : methods.isPending ? (
            <Note>Loading methods...</Note>
          ) : methodsOfV2mom.length === 0 ? (
            <Note>This V2MOM has no methods yet.</Note>
          ) : (
            <MethodList aria-label="Methods of the selected V2MOM">
              {methodsOfV2mom.map((method) => (
                <li key={method.id}>
                  <MethodOption title={method.description}>
                    <input
                      type="checkbox"
                      checked={linkedMethodIds.includes(method.id)}
                      onChange={(event) => toggleMethod(method.id, event.target.checked)}
                    />
                    {truncate(method.description, TRUNCATE_AT.obstacleMethodSelector)}
                  </MethodOption>
                </li>
              ))}
            </MethodList>
          )}
        </Fieldset>
      </Form>
    </Dialog>
  );
}
