import { WORK_STATUS_LABELS, WORK_STATUSES, type TWorkStatus } from '@v2mom/contracts';
import { Field, Input, Select, Textarea } from '../../../../components/ui/field';
import { notify } from '../../../../lib/toast';
import { FieldGrid } from './field-layout';
import type { FormEditor } from './form-editor';
import { addObstacleForMethod, updateMethod, type FormMethod } from './form-state';
import { AddButton } from './item-buttons';
import { LinkedMethodField } from './linked-method-field';
import { LinkedValuesFieldset } from './linked-values-fieldset';
import { bindMethod } from './method-binding';
import { MethodMeasuresGroup } from './method-measures-group';
import { MethodProgressGroup } from './method-progress-group';
import { OwnerSelect } from './owner-select';

export interface MethodEditorProps extends FormEditor {
  method: FormMethod;
  index: number;
}

/** Spec section 8: an obstacle raised from a method is edited with the others. */
const OBSTACLE_CREATED = { title: 'Obstacle created', message: 'Edit it in the Obstacles tab.' };

/** Every field of one method (spec section 2 and 5 rules applied). */
export function MethodEditor({ method, form, update, mode, viewer, users, canChangeStructure }: MethodEditorProps) {
  const binding = bindMethod(method, (patch) => update((state) => updateMethod(state, method.key, patch)));
  const { id, set, text } = binding;

  const addObstacle = () => {
    update((state) => addObstacleForMethod(state, method.key, viewer.id));
    notify(OBSTACLE_CREATED);
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

      <LinkedValuesFieldset method={method} form={form} update={update} />

      {mode === 'edit' ? <LinkedMethodField method={method} form={form} mode={mode} binding={binding} /> : null}

      <MethodMeasuresGroup binding={binding} />

      <MethodProgressGroup method={method} viewerId={viewer.id} binding={binding} />

      {canChangeStructure ? (
        <div>
          <AddButton onClick={addObstacle}>Add obstacle to this method</AddButton>
        </div>
      ) : null}
    </>
  );
}
