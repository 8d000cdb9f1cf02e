import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type TNewV2momDocument,
  type TV2momComplete,
  type TV2momDocument,
  type TV2momDocumentSaved,
} from '@v2mom/contracts';
import { API_PATHS } from '@v2mom/contracts/paths';
import { callApi, describeError } from '../../../lib/api-client';
import { putDocument } from '../../../lib/live/live-rows';

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
    ? callApi(API_PATHS.createV2momComplete, { body: input.document })
    : callApi(API_PATHS.saveV2momComplete, { params: { id: input.id }, body: { ...input.document, onConflict: 'report' } });
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
          : { title: 'V2MOM updated successfully', message: 'Your changes have been saved' },
      errorToast: (error) => ({
        title: 'Error saving V2MOM',
        message: describeError(error, 'Something went wrong. Please try again.'),
      }),
    },
    onSuccess: (saved) => putDocument(queryClient, saved),
  });
}

/** Whether a save left fields that others had changed as they were (the user chooses next). */
export const hasMergeConflicts = (saved: TV2momComplete | TV2momDocumentSaved): boolean =>
  'merge' in saved && saved.merge.conflicts.length > 0;
