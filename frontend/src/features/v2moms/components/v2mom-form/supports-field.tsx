import { truncate, TRUNCATE_AT } from '@v2mom/contracts';
import { Field, Select } from '../../../../components/ui/field';
import { useV2momComplete } from '../../api/get-v2mom-complete';
import type { FormEditor } from './form-editor';
import type { FormMethod } from './form-state';
import type { MethodBinding } from './method-binding';

/**
 * The method of the V2MOM this one is aligned to that this method serves (docs/PRODUCT.md#alignment):
 * "None" first, then the parent's methods, read from the parent's document. Hidden while unaligned.
 */
export function SupportsField({ method, form, binding: { set, field } }: { method: FormMethod; binding: MethodBinding } & Pick<FormEditor, 'form'>) {
  const parentId = form.parent?.id;
  const parent = useV2momComplete(parentId ?? 0, { enabled: parentId !== undefined });
  const supports = field('supportsMethodId', 'supports');
  if (parentId === undefined) return null;
  const methods = parent.data?.methods ?? [];
  return (
    <Field {...supports.field} label="Supports" hint={parent.isError ? 'The methods of the V2MOM this one is aligned to could not be loaded.' : undefined}>
      <Select
        value={method.supportsMethodId ?? ''}
        {...supports.control}
        onChange={(event) => set({ supportsMethodId: event.target.value === '' ? null : Number(event.target.value) })}
      >
        <option value="">None</option>
        {methods.map((other) => (
          <option key={other.id} value={other.id}>
            {truncate(other.description, TRUNCATE_AT.teamObstacleText)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
