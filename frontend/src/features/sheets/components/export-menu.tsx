import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { TSheetFormat } from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { ExportIcon } from '../../../components/ui/icons';
import { menuChoice, menuSurface } from '../../../components/ui/menu-surface';
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

const Root = styled.div`
  position: relative;
  display: inline-block;
`;

const Menu = styled.ul`
  ${menuSurface}
  position: absolute;
  right: 0;
  top: calc(100% + ${({ theme }) => theme.space[1]});
  z-index: ${({ theme }) => theme.zIndex.drawer + 3};
  min-width: 100%;
  margin: 0;
  list-style: none;
`;

const Item = styled.button`
  ${menuChoice}
`;

interface ExportMenuProps {
  /** What the screen shows: the export route and the list's filters and order. */
  download: TSheetDownload;
  /** The button's text: `Export` unless said (the import's `Download template`). */
  label?: string;
}

/**
 * Export (docs/PRODUCT.md#spreadsheets): a menu of CSV and Excel; the server writes every row the
 * screen's filters hold and the browser saves it under the server's name. Arrow keys move between
 * the two, Escape closes the menu and gives the focus back to the button.
 */
export function ExportMenu({ download, label = 'Export' }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const exporting = useMutation({
    mutationFn: async (format: TSheetFormat) => {
      const file = await downloadSheet(download, format);
      saveFile(file.blob, file.fileName);
    },
    meta: { errorToast: exportFailedToast },
  });

  useEffect(() => {
    if (open) itemRefs.current[0]?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const focused = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      itemRefs.current[(focused + step + FORMATS.length) % FORMATS.length]?.focus();
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <Root
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        ref={buttonRef}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        loading={exporting.isPending}
        leadingIcon={<ExportIcon />}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {exporting.isPending ? 'Exporting...' : label}
      </Button>
      {open && (
        <Menu id={menuId} role="menu" aria-label="Export as" onKeyDown={onMenuKey}>
          {FORMATS.map(({ format, label }, index) => (
            <li key={format} role="none">
              <Item
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                onClick={() => {
                  close();
                  exporting.mutate(format);
                }}
              >
                {label}
              </Item>
            </li>
          ))}
        </Menu>
      )}
    </Root>
  );
}
