import { useMutation } from '@tanstack/react-query';
import { chunkIntoSlides, type TV2momComplete } from '@v2mom/contracts';
import { ExportButton } from '../../../../components/ui/export-button';
import type { ToastSpec } from '../../../../lib/toast';

/** docs/PRODUCT.md#toasts: 'Export Successful', saying one slide or N slides were downloaded. */
function exportSuccessToast(slideCount: number): ToastSpec {
  return {
    title: 'Export Successful',
    message:
      slideCount === 1
        ? '1 slide has been downloaded as an image.'
        : `${slideCount} slides have been downloaded as images.`,
  };
}

/** Why a V2MOM's exports (slides and deck) are disabled: no COO-tracked method to show; undefined when enabled. */
export function exportDisabledReason(v2mom: Pick<TV2momComplete, 'methods'>): string | undefined {
  return v2mom.methods.some((method) => method.forCooTracking) ? undefined : 'No methods marked for COO tracking';
}

const EXPORT_FAILED_TOAST: ToastSpec = {
  title: 'Export Failed',
  message: 'There was an error generating the slide. Please try again.',
};

/**
 * Export Slide (export_slides). The exporter and html2canvas are fetched on the first click,
 * never with the page. Its toasts come from the mutation cache like every other action's.
 */
export function ExportSlideButton({ v2mom }: { v2mom: TV2momComplete }) {
  const slideCount = chunkIntoSlides(v2mom.methods.filter((method) => method.forCooTracking)).length;
  const disabledReason = exportDisabledReason(v2mom);
  const exporting = useMutation({
    mutationFn: async () => {
      const { exportSlides } = await import('./export-slides');
      return exportSlides(v2mom);
    },
    meta: { successToast: exportSuccessToast(slideCount), errorToast: () => EXPORT_FAILED_TOAST },
  });

  return (
    <ExportButton
      onExport={() => exporting.mutate()}
      pending={exporting.isPending}
      disabledReason={disabledReason}
      label="Export Slide"
      pendingLabel="Exporting..."
    />
  );
}
