import { createContext } from 'react';
import type { FieldConflict } from './form-sync';
import type { LandedField } from './use-v2mom-form';

/** What the form's fields need to show others' changes: highlights, and conflicts with their choices. */
export interface FormSync {
  conflicts: readonly FieldConflict[];
  landed: readonly LandedField[];
  keepMine: (conflict: FieldConflict) => void;
  takeTheirs: (conflict: FieldConflict) => void;
}

export const FormSyncContext = createContext<FormSync>({ conflicts: [], landed: [], keepMine: () => {}, takeTheirs: () => {} });
