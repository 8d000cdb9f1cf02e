import { useMutation } from '@tanstack/react-query';
import { ExportButton } from '../../../components/ui/export-button';
import { describeError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { ToastSpec } from '../../../lib/toast';
import type { TDeckFile } from '../api/download-deck';

/** docs/PRODUCT.md#toasts: the server's reason when it gave one. */
function deckFailedToast(error: unknown): ToastSpec {
  return { title: 'Export Failed', message: `The deck could not be made: ${describeError(error, 'Please try again.')}` };
}

interface ExportDeckButtonProps {
  download: () => Promise<TDeckFile>;
  /** Why it is disabled (where Export Slide is), as its hover text; enabled without one. */
  disabledReason?: string;
}

/**
 * Export deck (.pptx) (docs/PRODUCT.md#deck): the server builds the deck and the browser saves
 * it under the name the server gives it. Its failure is toasted from the mutation cache.
 */
export function ExportDeckButton({ download, disabledReason }: ExportDeckButtonProps) {
  const exporting = useMutation({
    mutationFn: async () => {
      const file = await download();
      saveFile(file.blob, file.fileName);
    },
    meta: { errorToast: deckFailedToast },
  });

  return (
    <ExportButton
      onExport={() => exporting.mutate()}
      pending={exporting.isPending}
      disabledReason={disabledReason}
      label="Export deck (.pptx)"
      pendingLabel="Exporting deck..."
    />
  );
}
