import { useMutation } from '@tanstack/react-query';
import type { TSheetFormat } from '@v2mom/contracts';
import { ExportIcon } from '../../../components/ui/icons';
import { MenuButton, type MenuChoice } from '../../../components/ui/menu-button';
import { describeError } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import type { ToastSpec } from '../../../lib/toast';
import { downloadSheet, type TSheetDownload } from '../api/download-sheet';

const FORMATS: ReadonlyArray<{ format: TSheetFormat; label: string }> = [
  { format: 'csv', label: 'CSV (.csv)' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
];

/** docs/PRODUCT.md#toasts: the server's reason (a filter that holds too many rows) when it gave one. */
function exportFailedToast(error: unknown): ToastSpec {
  return { title: 'Export Failed', message: `The file could not be made: ${describeError(error, 'Please try again.')}` };
}

interface ExportMenuProps {
  /** What the screen shows: the export route and the list's filters and order. */
  download: TSheetDownload;
  /** The button's text: `Export` unless said (the import's `Download template`). */
  label?: string;
}

/**
 * Export (docs/PRODUCT.md#spreadsheets): a menu of CSV and Excel; the server writes every row the
 * screen's filters hold and the browser saves it under the server's name.
 */
export function ExportMenu({ download, label = 'Export' }: ExportMenuProps) {
  const exporting = useMutation({
    mutationFn: async (format: TSheetFormat) => {
      const file = await downloadSheet(download, format);
      saveFile(file.blob, file.fileName);
    },
    meta: { errorToast: exportFailedToast },
  });
  const choices: MenuChoice[] = FORMATS.map(({ format, label }) => ({ key: format, label, onSelect: () => exporting.mutate(format) }));

  return (
    <MenuButton
      label={exporting.isPending ? 'Exporting...' : label}
      menuName="Export as"
      choices={choices}
      icon={<ExportIcon />}
      size="md"
      busy={exporting.isPending}
    />
  );
}
