import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type TNewV2momDocument,
  type TV2momComplete,
  type TV2momDocument,
  type TV2momDocumentSaved,
} from '@v2mom/contracts';
import { V2MOM_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putDocument } from '../../../lib/live/live-rows';
import type { ToastSpec } from '../../../lib/toast';

type SaveV2momInput =
  | { mode: 'create'; document: TNewV2momDocument }
  | { mode: 'edit'; id: number; document: TV2momDocument };

/**
 * The whole document in one request and one transaction (docs/PRODUCT.md#document-save); a save
 * of an existing V2MOM lands what does not collide and answers the collisions beside what it
 * merged (`onConflict: 'report'`), which the form then shows inline (docs/PRODUCT.md#editing-together).
 */
function saveV2momDocument(input: SaveV2momInput): Promise<TV2momComplete | TV2momDocumentSaved> {
  return input.mode === 'create'
    ? callApi(V2MOM_PATHS.createV2momComplete, { body: input.document })
    : callApi(V2MOM_PATHS.saveV2momComplete, { params: { id: input.id }, body: { ...input.document, onConflict: 'report' } });
}

/** The fields a save left as others had changed them (the user chooses next). */
const conflictCount = (saved: TV2momComplete | TV2momDocumentSaved): number => ('merge' in saved ? saved.merge.conflicts.length : 0);

const UPDATED_TOAST: ToastSpec = { title: 'V2MOM updated successfully', message: 'Your changes have been saved' };

/**
 * What a save of an existing V2MOM says: the success text only when everything applied; a save
 * that left fields others had changed says how many and that they wait below (docs/PRODUCT.md#toasts).
 */
function savedToast(saved: TV2momComplete | TV2momDocumentSaved): ToastSpec {
  const count = conflictCount(saved);
  if (count === 0) return UPDATED_TOAST;
  return {
    variant: 'warning',
    title: `Saved, except ${count} ${count === 1 ? 'field' : 'fields'} someone else changed`,
    message: "Review them below: choose 'Keep mine' or 'Take theirs', then save again.",
  };
}

/**
 * Saves the form. Success toasts and the 'Error saving V2MOM' toast come from the mutation
 * cache (docs/PRODUCT.md#toasts); the saved document is put in the cache so the detail screen
 * shows it at once. What else the save makes stale (team progress, lists) the live bridge
 * decides from its events (docs/PRODUCT.md#live-events).
 */
export function useSaveV2momDocument(mode: 'create' | 'edit') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveV2momDocument,
    meta: {
      successToast:
        mode === 'create'
          ? { title: 'V2MOM created successfully', message: 'Your new V2MOM has been created' }
          : (saved: unknown) => savedToast(saved as TV2momComplete | TV2momDocumentSaved),
      errorToast: (error) => ({
        title: 'Error saving V2MOM',
        message: describeError(error, 'Something went wrong. Please try again.'),
      }),
    },
    onSuccess: (saved) => putDocument(queryClient, saved),
  });
}

/** Whether a save left fields that others had changed as they were: the form stays open on them. */
export const hasMergeConflicts = (saved: TV2momComplete | TV2momDocumentSaved): boolean => conflictCount(saved) > 0;
