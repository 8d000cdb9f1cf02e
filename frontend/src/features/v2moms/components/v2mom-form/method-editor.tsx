import { isRolledUp, WORK_STATUS_LABELS, WORK_STATUSES, type TWorkStatus } from '@v2mom/contracts';
import { Field, Input, Select, Textarea } from '../../../../components/ui/field';
import { notify } from '../../../../lib/toast';
import { FieldGrid } from './field-layout';
import type { FormEditor } from './form-editor';
import { addObstacleForMethod, updateMethod, type FormMethod } from './form-state';
import { AddButton } from './item-buttons';
import { LinkedMethodField } from './linked-method-field';
import { SupportsField } from './supports-field';
import { ProgressFromField } from './progress-from-field';
import { LinkedValuesFieldset } from './linked-values-fieldset';
import { bindMethod } from './method-binding';
import { MethodMeasuresGroup } from './method-measures-group';
import { MethodProgressGroup } from './method-progress-group';
import { OwnerSelect } from './owner-select';
import { SyncedField } from './synced-field';

export interface MethodEditorProps extends FormEditor {
  method: FormMethod;
  index: number;
}

/** docs/PRODUCT.md#toasts: an obstacle raised from a method is edited with the others. */
const OBSTACLE_CREATED = { title: 'Obstacle created', message: 'Edit it in the Obstacles tab.' };

/** Every field of one method (the rules of docs/PRODUCT.md#links applied). */
export function MethodEditor({ method, form, update, mode, viewer, owners, canChangeStructure, fieldErrors, saved }: MethodEditorProps) {
  const binding = bindMethod(method, (patch) => update((state) => updateMethod(state, method.key, patch)), fieldErrors);
  const { set, text, field } = binding;
  const description = field('description');
  const due = field('dueDate', 'due');
  const owner = field('ownerId', 'owner');
  const progress = field('progress');
  const status = field('status');

  const addObstacle = () => {
    update((state) => addObstacleForMethod(state, method.key, viewer.id));
    notify(OBSTACLE_CREATED);
  };

  return (
    <>
      <SyncedField itemKey={method.key} field="description" label="Description">
        <Field {...description.field} label="Description">
          <Textarea {...description.control} rows={2} placeholder="What will be done?" {...text('description')} />
        </Field>
      </SyncedField>
      <FieldGrid $columns={4}>
        <Field {...due.field} label="Due date">
          <Input {...due.control} type="date" {...text('dueDate')} />
        </Field>
        <Field {...owner.field} label="Owner">
          <OwnerSelect id={owner.control.id} error={owner.field.error} owners={owners} value={method.ownerId} onChange={(ownerId) => set({ ownerId })} />
        </Field>
        <Field {...progress.field} label="Progress (%)">
          <Input
            {...progress.control}
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            value={Number.isFinite(method.progress) ? method.progress : ''}
            // A rolled-up method's progress is derived (docs/PRODUCT.md#roll-up).
            disabled={isRolledUp(method.progressFrom)}
            onChange={(event) => {
              const next = event.target.valueAsNumber;
              set({ progress: Number.isNaN(next) ? 0 : Math.min(100, Math.max(0, next)) });
            }}
          />
        </Field>
        <Field {...status.field} label="Status">
          <Select {...status.control} value={method.status} onChange={(event) => set({ status: event.target.value as TWorkStatus })}>
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

      <SupportsField method={method} form={form} binding={binding} />

      <ProgressFromField method={method} binding={binding} />

      <MethodMeasuresGroup binding={binding} />

      <MethodProgressGroup method={method} viewerId={viewer.id} binding={binding} saved={saved?.methods.find((entry) => entry.id === method.id)} />

      {canChangeStructure ? (
        <div>
          <AddButton onClick={addObstacle}>Add obstacle to this method</AddButton>
        </div>
      ) : null}
    </>
  );
}
