import { useMutation } from '@tanstack/react-query';
import type { TPeopleImportPreview, TPeopleImportResult, TSheetUpload } from '@v2mom/contracts';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';

/** POST /api/imports/people/preview: every row checked, nothing written (docs/PRODUCT.md#spreadsheets). */
export function usePreviewPeopleImport() {
  return useMutation({
    mutationFn: (body: TSheetUpload): Promise<TPeopleImportPreview> => callApi(SHEET_PATHS.previewPeopleImport, { body }),
    // The panel shows the server's reason beside the file.
    meta: { errorToast: false },
  });
}

/** POST /api/imports/people: everyone of the file in one transaction; the People table hears of them live. */
export function useConfirmPeopleImport() {
  return useMutation({
    mutationFn: (body: TSheetUpload): Promise<TPeopleImportResult> => callApi(SHEET_PATHS.confirmPeopleImport, { body }),
    meta: { errorToast: false },
  });
}
