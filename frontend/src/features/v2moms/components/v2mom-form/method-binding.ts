import type { FormMethod } from './form-state';

/** One method's field ids and how a field reads and changes it. */
export interface MethodBinding {
  /** The prefix of the method's field ids. */
  id: string;
  set: (patch: Partial<FormMethod>) => void;
  /** value/onChange for a text input bound to `field`. */
  text: (field: keyof FormMethod) => { value: string; onChange: (event: { target: { value: string } }) => void };
}

export function bindMethod(method: FormMethod, set: (patch: Partial<FormMethod>) => void): MethodBinding {
  return {
    id: `method-${method.key}`,
    set,
    text: (field) => ({
      value: method[field] as string,
      onChange: (event) => set({ [field]: event.target.value } as Partial<FormMethod>),
    }),
  };
}
