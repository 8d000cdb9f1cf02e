import { truncate, TRUNCATE_AT } from '@v2mom/contracts';
import { Field, fieldDescriptionId, Select } from '../../../../components/ui/field';
import type { FormEditor } from './form-editor';
import { isSaved, linkableMethods, type FormMethod } from './form-state';
import type { MethodBinding } from './method-binding';

/** Edit mode: another saved method this one is linked to. */
export function LinkedMethodField({ method, form, mode, binding: { set, field } }: { method: FormMethod; binding: MethodBinding } & Pick<FormEditor, 'form' | 'mode'>) {
  const linkable = linkableMethods(form, method, mode);
  const linked = field('linkedMethodId', 'linked-method');
  return (
    <Field
      {...linked.field}
      label="Linked method"
      hint={isSaved(method) ? undefined : 'Save this method first to link it to another.'}
    >
      <Select
        value={method.linkedMethodId ?? ''}
        disabled={!isSaved(method)}
        aria-describedby={isSaved(method) ? undefined : fieldDescriptionId(linked.control.id)}
        {...linked.control}
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
  );
}
