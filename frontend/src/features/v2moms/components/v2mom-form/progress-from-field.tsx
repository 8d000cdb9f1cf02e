import { Field } from '../../../../components/ui/field';
import { ProgressFromSelect } from '../../../../components/ui/progress-from-select';
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
      <ProgressFromSelect {...progressFrom.control} value={method.progressFrom} onChange={(source) => set({ progressFrom: source })} />
    </Field>
  );
}
