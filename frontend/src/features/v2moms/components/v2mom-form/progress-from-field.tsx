import { PROGRESS_FROM_LABELS, PROGRESS_SOURCES, type TProgressFrom } from '@v2mom/contracts';
import { Field, Select } from '../../../../components/ui/field';
import type { FormMethod } from './form-state';
import type { MethodBinding } from './method-binding';

/**
 * Where the method's progress comes from (docs/PRODUCT.md#roll-up): its own check-ins, or the
 * methods that support it. Part of the V2MOM's structure, so its editor chooses.
 */
export function ProgressFromField({ method, binding: { set, field } }: { method: FormMethod; binding: MethodBinding }) {
  const progressFrom = field('progressFrom', 'progress-from');
  return (
    <Field {...progressFrom.field} label="Progress from">
      <Select {...progressFrom.control} value={method.progressFrom} onChange={(event) => set({ progressFrom: event.target.value as TProgressFrom })}>
        {PROGRESS_SOURCES.map((source) => (
          <option key={source} value={source}>
            {PROGRESS_FROM_LABELS[source]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
