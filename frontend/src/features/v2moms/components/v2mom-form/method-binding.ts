import { createElement, type ReactNode } from 'react';
import { invalidProps } from '../../../../components/ui/field';
import { itemFieldAddress, type FieldErrors } from './field-errors';
import type { FormMethod } from './form-state';
import { UnseenMark } from '../unseen/unseen-mark';

/** One method's field ids, errors, and how a field reads and changes it. */
export interface MethodBinding {
  /** The prefix of the method's field ids. */
  id: string;
  /** The method's form key. */
  key: string;
  set: (patch: Partial<FormMethod>) => void;
  /** value/onChange for a text input bound to `field`. */
  text: (field: keyof FormMethod) => { value: string; onChange: (event: { target: { value: string } }) => void };
  /**
   * The Field's props (label target, error) and its control's (id, invalid state) for `field`,
   * whose control id ends in `suffix` (the field's name unless given).
   */
  field: (
    field: keyof FormMethod,
    suffix?: string,
  ) => { field: { htmlFor: string; error: string | undefined; aside: ReactNode }; control: { id: string } & ReturnType<typeof invalidProps> };
}

export function bindMethod(method: FormMethod, set: (patch: Partial<FormMethod>) => void, fieldErrors: FieldErrors): MethodBinding {
  const id = `method-${method.key}`;
  return {
    id,
    key: method.key,
    set,
    text: (field) => ({
      value: method[field] as string,
      onChange: (event) => set({ [field]: event.target.value } as Partial<FormMethod>),
    }),
    field: (field, suffix = field) => {
      const controlId = `${id}-${suffix}`;
      const error = fieldErrors.get(itemFieldAddress('methods', method.key, field));
      // Others' unseen change of the field, beside its label (docs/PRODUCT.md#since-you-last-looked).
      const aside = createElement(UnseenMark, { entity: 'method', rowId: method.id, fields: [field] });
      return { field: { htmlFor: controlId, error, aside }, control: { id: controlId, ...invalidProps(controlId, error) } };
    },
  };
}
