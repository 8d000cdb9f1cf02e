import type { TUser, TV2momComplete } from '@v2mom/contracts';
import type { FieldErrors } from './field-errors';
import type { V2momFormMode, V2momFormState } from './form-state';
import type { FormOwners } from './owner-select';

export type RemovableKind = 'value' | 'method' | 'obstacle';

/** What every tab needs to read and change the form. */
export interface FormEditor {
  form: V2momFormState;
  update: (change: (state: V2momFormState) => V2momFormState) => void;
  mode: V2momFormMode;
  viewer: TUser;
  /** manage_structure: add and remove values, methods and obstacles. */
  canChangeStructure: boolean;
  /** Owner fields: whom they name, and how to find someone else. */
  owners: FormOwners;
  /** Unsaved items go at once; saved ones after the typed DELETE confirmation. */
  requestRemoval: (kind: RemovableKind, key: string) => void;
  /** What is wrong with each field at fault, said beside it. */
  fieldErrors: FieldErrors;
  /** The saved document as the server last answered it (live); null while creating. */
  saved: TV2momComplete | null;
}
