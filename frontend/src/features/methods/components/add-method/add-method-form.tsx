import {
  METHOD_PROSE_FIELDS,
  QUARTERS,
  TEXT_LIMITS,
  canChangeStructure,
  methodCreationForbiddenMessage,
  quarterLabel,
  quarterMeasureField,
  type TMethodListItem,
  type TUser,
  type TPickedPerson,
  type TV2mom,
} from '@v2mom/contracts';
import { useId, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/field';
import type { PickerSlotProps } from '../../../../components/ui/search-combobox';
import { AlertIcon } from '../../../../components/ui/icons';
import { ProgressFromSelect } from '../../../../components/ui/progress-from-select';
import { WorkStatusSelect } from '../../../../components/ui/work-status-select';
import { notify } from '../../../../lib/toast';
import { useCreateMethod } from '../../api/create-method';
import { MethodPicker } from '../method-picker';
import { emptyDraft, hasRequiredFields, toCreateMethodInput, type AddMethodDraft } from './add-method-state';
import { ObstacleList } from './obstacle-list';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
`;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

const Legend = styled.legend`
  float: left;
  width: 100%;
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};

  & + * {
    clear: both;
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

/** Q1 to Q4 side by side where they fit. */
const QuarterColumns = styled(Columns)`
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 170px), 1fr));
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  cursor: pointer;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

const Denied = styled.div`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.warningSoft};

  svg {
    color: ${({ theme }) => theme.colors.warningText};
  }
  p:first-child {
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

export interface AddMethodFormProps {
  user: TUser;
  /** The V2MOM picker: V2MOMs found as one types. */
  V2momPicker: ComponentType<PickerSlotProps<TV2mom>>;
  /** Who may create methods, named when this user may not (docs/PRODUCT.md#named-holder). */
  structureContact: { name: string; isPending: boolean };
  /** The owner picker: people found as one types. */
  OwnerPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
  /** Cancel, and a created method: the page decides where to go. */
  onDone: () => void;
}

/** Why this user cannot create methods, and who can; said before anything is sent. */
function PermissionNote({ name }: { name: string }) {
  return (
    <Denied role="note" aria-label="Permission denied">
      <AlertIcon aria-hidden="true" />
      <div>
        <p>Permission denied</p>
        <p>{`You don't have permission to create methods. Only ${name} can create new methods.`}</p>
      </div>
    </Denied>
  );
}

function TextField({ label, value, onChange, max, multiline, disabled }: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  max: number;
  multiline?: boolean;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <Field htmlFor={id} label={label}>
      {multiline ? (
        <Textarea id={id} value={value} maxLength={max} rows={4} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input id={id} value={value} maxLength={max} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}

/**
 * Add New Method (docs/PRODUCT.md#add-method): the method, its measures, the obstacles in its
 * way and its first progress, created in one request. Without manage_structure the page says
 * who may create methods, and a submit says it again without sending anything.
 */
export function AddMethodForm({ user, V2momPicker, structureContact, OwnerPicker, onDone }: AddMethodFormProps) {
  const createMethod = useCreateMethod();
  const [draft, setDraft] = useState<AddMethodDraft>(() => emptyDraft(user.id));
  const ids = { v2mom: useId(), description: useId(), owner: useId(), status: useId(), linked: useId(), progressFrom: useId() };
  const set = <K extends keyof AddMethodDraft>(key: K, value: AddMethodDraft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const allowed = canChangeStructure(user);
  const contact = structureContact.name;
  const pending = createMethod.isPending;
  const [owner, setOwner] = useState<TPickedPerson>(user);
  // The chosen rows, shown by their labels; the draft holds their ids.
  const [v2mom, setV2mom] = useState<TV2mom | null>(null);
  const [linkedMethod, setLinkedMethod] = useState<TMethodListItem | null>(null);

  const chooseV2mom = (chosen: TV2mom) => {
    setV2mom(chosen);
    // A method links only methods of its own V2MOM: another V2MOM starts with none.
    setLinkedMethod(null);
    setDraft((current) => ({ ...current, v2momId: chosen.id, linkedMethodId: null }));
  };
  const chooseLinkedMethod = (method: TMethodListItem | null) => {
    setLinkedMethod(method);
    set('linkedMethodId', method?.id ?? null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!allowed) {
      notify({ variant: 'destructive', title: 'Permission denied', message: methodCreationForbiddenMessage(contact) });
      return;
    }
    if (!hasRequiredFields(draft)) {
      notify({ variant: 'destructive', title: 'Missing required fields', message: 'Please select a V2MOM and enter a method description.' });
      return;
    }
    createMethod.mutate(toCreateMethodInput(draft), { onSuccess: onDone });
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Add New Method">
      {!allowed && !structureContact.isPending ? <PermissionNote name={contact} /> : null}

      <Group>
        <Legend>Method</Legend>
        <Field htmlFor={ids.v2mom} label="V2MOM">
          <V2momPicker id={ids.v2mom} required value={v2mom} disabled={pending} onChange={chooseV2mom} />
        </Field>
        <Field htmlFor={ids.description} label="Description">
          <Textarea
            id={ids.description}
            value={draft.description}
            maxLength={TEXT_LIMITS.description}
            rows={3}
            placeholder="What will be done?"
            disabled={pending}
            onChange={(event) => set('description', event.target.value)}
          />
        </Field>
        <Columns>
          <Field htmlFor={ids.owner} label="Owner">
            <OwnerPicker
              id={ids.owner}
              value={owner}
              disabled={pending}
              onChange={(person) => {
                setOwner(person);
                set('ownerId', person.id);
              }}
            />
          </Field>
          <Field htmlFor={ids.status} label="Status">
            <WorkStatusSelect id={ids.status} value={draft.status} disabled={pending} onChange={(status) => set('status', status)} />
          </Field>
        </Columns>
        <Field htmlFor={ids.linked} label="Link to Another Method (Optional)">
          <MethodPicker
            id={ids.linked}
            v2momId={v2mom?.id}
            value={linkedMethod}
            disabled={v2mom === null || pending}
            placeholder={v2mom === null ? 'Select a V2MOM first' : 'No linked method'}
            onChange={chooseLinkedMethod}
            onClear={() => chooseLinkedMethod(null)}
            clearLabel="No linked method"
          />
        </Field>
      </Group>

      <Group>
        <Legend>Measures</Legend>
        <TextField label="Main Measure" value={draft.measure} max={TEXT_LIMITS.shortText} disabled={pending} onChange={(value) => set('measure', value)} />
        <QuarterColumns>
          {QUARTERS.map((quarter) => (
            <TextField
              key={quarter}
              label={`${quarterLabel(quarter)} Measure`}
              value={draft[quarterMeasureField(quarter)]}
              max={TEXT_LIMITS.shortText}
              disabled={pending}
              onChange={(value) => set(quarterMeasureField(quarter), value)}
            />
          ))}
        </QuarterColumns>
      </Group>

      <Group>
        <Legend>Obstacles</Legend>
        <Hint>Each obstacle is created with the method and linked to it. Empty ones are skipped.</Hint>
        <ObstacleList obstacles={draft.obstacles} disabled={pending} onChange={(obstacles) => set('obstacles', obstacles)} />
      </Group>

      <Group>
        <Legend>Progress</Legend>
        <Field htmlFor={ids.progressFrom} label="Progress from">
          <ProgressFromSelect id={ids.progressFrom} value={draft.progressFrom} disabled={pending} onChange={(source) => set('progressFrom', source)} />
        </Field>
        <TextField label="Updates" value={draft.update} max={TEXT_LIMITS.longText} multiline disabled={pending} onChange={(value) => set('update', value)} />
        {METHOD_PROSE_FIELDS.map(({ field, title }) => (
          <TextField key={field} label={title} value={draft[field]} max={TEXT_LIMITS.longText} multiline disabled={pending} onChange={(value) => set(field, value)} />
        ))}
        <Check>
          <input type="checkbox" checked={draft.forCooTracking} disabled={pending} onChange={(event) => set('forCooTracking', event.target.checked)} />
          Mark for COO Tracking
        </Check>
      </Group>

      <Actions>
        <Button onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={pending}>
          {pending ? 'Creating...' : 'Create Method'}
        </Button>
      </Actions>
    </Form>
  );
}
