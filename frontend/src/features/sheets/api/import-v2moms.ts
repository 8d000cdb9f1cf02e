import { useMutation } from '@tanstack/react-query';
import type { TSheetUpload, TV2momImportPreview, TV2momImportResult } from '@v2mom/contracts';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';

/** POST /api/imports/v2moms/preview: every row checked, nothing written (docs/PRODUCT.md#spreadsheets). */
export function usePreviewV2momImport() {
  return useMutation({
    mutationFn: (body: TSheetUpload): Promise<TV2momImportPreview> => callApi(SHEET_PATHS.previewV2momImport, { body }),
    // The panel shows the server's reason beside the file.
    meta: { errorToast: false },
  });
}

/** POST /api/imports/v2moms: every V2MOM of the file in one transaction; the lists hear of them live. */
export function useConfirmV2momImport() {
  return useMutation({
    mutationFn: (body: TSheetUpload): Promise<TV2momImportResult> => callApi(SHEET_PATHS.confirmV2momImport, { body }),
    meta: { errorToast: false },
  });
}
