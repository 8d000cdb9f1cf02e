import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type TSheetUpload } from '@v2mom/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Field, Input, fieldDescriptionId } from '../../../components/ui/field';
import { Table, TableCard, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { describeError } from '../../../lib/api-client';
import type { TSheetDownload } from '../api/download-sheet';
import { ExportMenu } from './export-menu';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
`;

const ErrorRow = styled(Tr)`
  background: ${({ theme }) => theme.colors.dangerSoft};
`;

const Errors = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.dangerText};
`;

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The file as the import endpoints take it: its name and its bytes in base64. */
function uploadOf(file: File): Promise<TSheetUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ fileName: file.name, content: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** A preview's row as every import checks it: its line in the file and what is wrong with it. */
interface TCheckedRow {
  line: number;
  errors: readonly string[];
}

/** A column of the preview's table between Line and Errors. */
interface TImportColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

function PreviewTable<Row extends TCheckedRow>({ label, rows, columns }: { label: string; rows: readonly Row[]; columns: ReadonlyArray<TImportColumn<Row>> }) {
  return (
    <TableCard $stackOnMobile>
      <Table $stackOnMobile aria-label={label}>
        <THead>
          <Tr>
            <Th>Line</Th>
            {columns.map((column) => (
              <Th key={column.header}>{column.header}</Th>
            ))}
            <Th>Errors</Th>
          </Tr>
        </THead>
        <TBody>
          {rows.map((row) => {
            const RowOf = row.errors.length > 0 ? ErrorRow : Tr;
            return (
              <RowOf key={row.line} aria-invalid={row.errors.length > 0 || undefined}>
                <Td data-label="Line">{row.line}</Td>
                {columns.map((column) => (
                  <Td key={column.header} data-label={column.header}>
                    {column.cell(row)}
                  </Td>
                ))}
                <Td data-label="Errors">
                  {row.errors.length === 0 ? (
                    'None'
                  ) : (
                    <Errors>
                      {row.errors.map((error) => (
                        <li key={error}>{error}</li>
                      ))}
                    </Errors>
                  )}
                </Td>
              </RowOf>
            );
          })}
        </TBody>
      </Table>
    </TableCard>
  );
}

/** What one import is: its texts, its template, its endpoints' mutations and the preview's columns. */
interface TCheckedPreview {
  rows: readonly TCheckedRow[];
  rowsWithErrors: number;
}

export interface SheetImportPanelProps<Preview extends TCheckedPreview, Result> {
  /** What the file holds, above the template. */
  description: ReactNode;
  template: TSheetDownload;
  /** The file field's label ('People file'). */
  fileLabel: string;
  /** The preview table's accessible name. */
  tableLabel: string;
  columns: ReadonlyArray<TImportColumn<Preview['rows'][number]>>;
  previewing: UseMutationResult<Preview, Error, TSheetUpload>;
  confirming: UseMutationResult<Result, Error, TSheetUpload>;
  /** What the file would create, before its rows' errors are counted. */
  wouldCreate: (preview: Preview) => string;
  /** The Import button's label, and whether the file creates anything at all. */
  importLabel: (preview: Preview) => string;
  createsNothing: (preview: Preview) => boolean;
  imported: (result: Result) => string;
}

/**
 * An import from a spreadsheet (docs/PRODUCT.md#spreadsheets): the template, a file chosen and
 * previewed (every row with its errors, nothing written), then Import, which writes everything or
 * nothing. The file is refused in the browser past 5 MB; the server says any other reason.
 */
export function SheetImportPanel<Preview extends TCheckedPreview, Result>({
  description,
  template,
  fileLabel,
  tableLabel,
  columns,
  previewing,
  confirming,
  wouldCreate,
  importLabel,
  createsNothing,
  imported,
}: SheetImportPanelProps<Preview, Result>) {
  const fileId = useId();
  const [upload, setUpload] = useState<TSheetUpload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = previewing.data;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    previewing.reset();
    confirming.reset();
    setUpload(null);
    setProblem(null);
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(IMPORT_TOO_LARGE_MESSAGE);
      return;
    }
    const chosen = await uploadOf(file);
    setUpload(chosen);
    previewing.mutate(chosen, { onError: (error) => setProblem(describeError(error)) });
  };
  const confirm = () => {
    if (!upload) return;
    confirming.mutate(upload, { onError: (error) => setProblem(describeError(error)) });
  };

  const blocked = !preview || preview.rowsWithErrors > 0 || createsNothing(preview);
  const done = confirming.data;
  return (
    <Panel>
      <Muted>{description}</Muted>
      <Row>
        <ExportMenu label="Download template" download={template} />
      </Row>
      <Field htmlFor={fileId} label={fileLabel} hint="A .csv or .xlsx file, up to 5 MB and 5,000 rows" error={preview ? undefined : (problem ?? undefined)}>
        <Input id={fileId} type="file" accept=".csv,.xlsx" aria-describedby={fieldDescriptionId(fileId)} onChange={(event) => void choose(event)} />
      </Field>
      {previewing.isPending && <Muted role="status">Checking the file...</Muted>}
      {preview && !done && (
        <>
          <p role="status">
            {wouldCreate(preview)}{' '}
            {preview.rowsWithErrors > 0 ? `${plural(preview.rowsWithErrors, 'row has', 'rows have')} errors: fix them in the file and choose it again.` : 'No errors.'}
          </p>
          <PreviewTable label={tableLabel} rows={preview.rows} columns={columns} />
          <Row>
            <Button variant="primary" disabled={blocked} loading={confirming.isPending} onClick={confirm}>
              {importLabel(preview)}
            </Button>
          </Row>
        </>
      )}
      {done && <p role="status">{imported(done)}</p>}
      {problem && preview && <Problem role="alert">{problem}</Problem>}
    </Panel>
  );
}
