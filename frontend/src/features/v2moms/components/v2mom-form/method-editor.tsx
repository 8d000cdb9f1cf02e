import {
  L2_OWNERS,
  MAX_LINKED_VALUES,
  MAX_LINKED_VALUES_MESSAGE,
  MAX_LINKED_VALUES_TITLE,
  QUARTERS,
  quarterLabel,
  truncate,
  TRUNCATE_AT,
  WORK_STATUS_LABELS,
  WORK_STATUSES,
  type TL2Owner,
  type TWorkStatus,
} from '@v2mom/contracts';
import styled from 'styled-components';
import { Field, fieldDescriptionId, Input, Select, Textarea } from '../../../../components/ui/field';
import { notify } from '../../../../lib/toast';
import {
  addObstacleForMethod,
  canEditMethodUpdate,
  isSaved,
  linkableMethods,
  toggleLinkedValue,
  updateMethod,
  type FormMethod,
  type QuarterTextField,
} from './form-state';
import { CheckChip, CheckList } from './check-chip';
import { FieldGrid, Fieldset } from './field-layout';
import type { FormEditor } from './form-editor';
import { AddButton } from './item-buttons';
import { OwnerSelect } from './owner-select';
import { Muted } from './tab-text';

const Group = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const GroupTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: 0.05em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

const Checkbox = styled.label`
  display: inline-flex;
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

const ReadOnlyUpdate = styled(Textarea)`
  min-height: 72px;
  border-style: dashed;
  background: ${({ theme }) => theme.colors.bg};
  cursor: default;
`;

const Counter = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const QUARTER_FIELDS = QUARTERS.map((quarter) => ({
  quarter,
  measure: `${quarter}Measure` as QuarterTextField,
  goal: `${quarter}Goal` as QuarterTextField,
}));

export interface MethodEditorProps extends FormEditor {
  method: FormMethod;
  index: number;
}

/** Every field of one method (spec section 2 and 5 rules applied). */
/** Spec section 8: an obstacle raised from a method is edited with the others. */
const OBSTACLE_CREATED = { title: 'Obstacle created', message: 'Edit it in the Obstacles tab.' };

export function MethodEditor({ method, form, update, mode, viewer, users, canChangeStructure }: MethodEditorProps) {
  const id = `method-${method.key}`;
  const set = (patch: Partial<FormMethod>) => update((state) => updateMethod(state, method.key, patch));
  const text = (field: keyof FormMethod) => ({
    value: method[field] as string,
    onChange: (event: { target: { value: string } }) => set({ [field]: event.target.value } as Partial<FormMethod>),
  });
  const ownsUpdate = canEditMethodUpdate(method, viewer.id);
  const linkable = linkableMethods(form, method, mode);

  const addObstacle = () => {
    update((state) => addObstacleForMethod(state, method.key, viewer.id));
    notify(OBSTACLE_CREATED);
  };

  const toggleValue = (valueKey: string) => {
    const result = toggleLinkedValue(form, method.key, valueKey);
    if (!result.ok) {
      notify({ title: MAX_LINKED_VALUES_TITLE, message: MAX_LINKED_VALUES_MESSAGE });
      return;
    }
    update((state) => {
      const next = toggleLinkedValue(state, method.key, valueKey);
      return next.ok ? next.state : state;
    });
  };

  return (
    <>
      <Field htmlFor={`${id}-description`} label="Description">
        <Textarea id={`${id}-description`} rows={2} placeholder="What will be done?" {...text('description')} />
      </Field>
      <FieldGrid $columns={4}>
        <Field htmlFor={`${id}-due`} label="Due date">
          <Input id={`${id}-due`} type="date" {...text('dueDate')} />
        </Field>
        <Field htmlFor={`${id}-owner`} label="Owner">
          <OwnerSelect id={`${id}-owner`} users={users} value={method.ownerId} onChange={(ownerId) => set({ ownerId })} />
        </Field>
        <Field htmlFor={`${id}-progress`} label="Progress (%)">
          <Input
            id={`${id}-progress`}
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={Number.isFinite(method.progress) ? method.progress : ''}
            onChange={(event) => {
              const next = event.target.valueAsNumber;
              set({ progress: Number.isNaN(next) ? 0 : Math.min(100, Math.max(0, next)) });
            }}
          />
        </Field>
        <Field htmlFor={`${id}-status`} label="Status">
          <Select id={`${id}-status`} value={method.status} onChange={(event) => set({ status: event.target.value as TWorkStatus })}>
            {WORK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {WORK_STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        </Field>
      </FieldGrid>

      <Fieldset>
        <legend>
          Linked values{' '}
          <Counter>
            ({method.linkedValueKeys.length} of {MAX_LINKED_VALUES})
          </Counter>
        </legend>
        {form.values.length === 0 ? (
          <Muted>Add values in the Values tab to link them here.</Muted>
        ) : (
          <CheckList>
            {form.values.map((value, valueIndex) => {
              const label = value.description.trim() || `Value ${valueIndex + 1}`;
              return (
                <CheckChip
                  key={value.key}
                  label={truncate(label, TRUNCATE_AT.badge)}
                  title={label}
                  aria-label={label}
                  checked={method.linkedValueKeys.includes(value.key)}
                  onChange={() => toggleValue(value.key)}
                />
              );
            })}
          </CheckList>
        )}
      </Fieldset>

      {mode === 'edit' ? (
        <Field
          htmlFor={`${id}-linked-method`}
          label="Linked method"
          hint={isSaved(method) ? undefined : 'Save this method first to link it to another.'}
        >
          <Select
            id={`${id}-linked-method`}
            value={method.linkedMethodId ?? ''}
            disabled={!isSaved(method)}
            aria-describedby={isSaved(method) ? undefined : fieldDescriptionId(`${id}-linked-method`)}
            onChange={(event) => set({ linkedMethodId: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">None</option>
            {linkable.map((other) => (
              <option key={other.key} value={other.id}>
                {truncate(other.description.trim() || `Method ${form.methods.indexOf(other) + 1}`, TRUNCATE_AT.teamObstacleText)}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}

      <Group>
        <GroupTitle>Measures</GroupTitle>
        <Field htmlFor={`${id}-measure`} label="Measure">
          <Input id={`${id}-measure`} placeholder="How success is measured" {...text('measure')} />
        </Field>
        <FieldGrid $columns={4}>
          {QUARTER_FIELDS.map(({ quarter, measure }) => (
            <Field key={measure} htmlFor={`${id}-${measure}`} label={`${quarterLabel(quarter)} measure`}>
              <Input id={`${id}-${measure}`} {...text(measure)} />
            </Field>
          ))}
        </FieldGrid>
        <FieldGrid $columns={4}>
          {QUARTER_FIELDS.map(({ quarter, goal }) => (
            <Field key={goal} htmlFor={`${id}-${goal}`} label={`${quarterLabel(quarter)} goal`}>
              <Input id={`${id}-${goal}`} {...text(goal)} />
            </Field>
          ))}
        </FieldGrid>
      </Group>

      <Group>
        <GroupTitle>Progress reporting</GroupTitle>
        {ownsUpdate ? (
          <Field htmlFor={`${id}-update`} label="Update">
            <Textarea id={`${id}-update`} rows={3} placeholder="What happened since the last update?" {...text('update')} />
          </Field>
        ) : (
          <Field htmlFor={`${id}-update`} label="Update" hint="Only the method owner can add updates to this method.">
            <ReadOnlyUpdate
              id={`${id}-update`}
              readOnly
              rows={3}
              value={method.update}
              placeholder="No update yet"
              aria-describedby={fieldDescriptionId(`${id}-update`)}
            />
          </Field>
        )}
        <FieldGrid>
          <Field htmlFor={`${id}-current`} label="Current measure">
            <Input id={`${id}-current`} {...text('currentMeasure')} />
          </Field>
          <Field htmlFor={`${id}-l2`} label="L2 owner">
            <Select
              id={`${id}-l2`}
              value={method.l2Owner ?? ''}
              onChange={(event) => set({ l2Owner: event.target.value === '' ? null : (event.target.value as TL2Owner) })}
            >
              <option value="">None</option>
              {L2_OWNERS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          </Field>
        </FieldGrid>
        <Field htmlFor={`${id}-activities`} label="Activities">
          <Textarea id={`${id}-activities`} rows={3} {...text('activities')} />
        </Field>
        <Checkbox>
          <input type="checkbox" checked={method.forCooTracking} onChange={(event) => set({ forCooTracking: event.target.checked })} />
          Track for COO (key metrics and slides)
        </Checkbox>
      </Group>

      {canChangeStructure ? (
        <div>
          <AddButton onClick={addObstacle}>Add obstacle to this method</AddButton>
        </div>
      ) : null}
    </>
  );
}
