import { IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type TSheetUpload, type TV2momImportPreview } from '@v2mom/contracts';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { useId, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Field, Input, fieldDescriptionId } from '../../../components/ui/field';
import { Table, TableCard, TBody, Td, Th, THead, Tr } from '../../../components/ui/table';
import { describeError } from '../../../lib/api-client';
import { useConfirmV2momImport, usePreviewV2momImport } from '../api/import-v2moms';
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The file as the import endpoints take it: its name and its bytes in base64. */
function uploadOf(file: File): Promise<TSheetUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ fileName: file.name, content: String(reader.result).replace(/^data:[^,]*,/, '') });
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function PreviewTable({ preview }: { preview: TV2momImportPreview }) {
  return (
    <TableCard $stackOnMobile>
      <Table $stackOnMobile aria-label="Rows of the file">
        <THead>
          <Tr>
            <Th>Line</Th>
            <Th>Kind</Th>
            <Th>V2MOM</Th>
            <Th>Text</Th>
            <Th>Errors</Th>
          </Tr>
        </THead>
        <TBody>
          {preview.rows.map((row) => {
            const RowOf = row.errors.length > 0 ? ErrorRow : Tr;
            return (
              <RowOf key={row.line} aria-invalid={row.errors.length > 0 || undefined}>
                <Td data-label="Line">{row.line}</Td>
                <Td data-label="Kind">{row.kind}</Td>
                <Td data-label="V2MOM">{row.v2mom}</Td>
                <Td data-label="Text">{row.text.length > 120 ? `${row.text.slice(0, 120)}...` : row.text}</Td>
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

/**
 * Import V2MOMs (docs/PRODUCT.md#spreadsheets): the template, a file chosen and previewed (every
 * row with its errors, nothing written), then Import, which writes every V2MOM or none.
 */
export function V2momImportPanel() {
  const fileId = useId();
  const [upload, setUpload] = useState<TSheetUpload | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewing = usePreviewV2momImport();
  const confirming = useConfirmV2momImport();
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

  const blocked = !preview || preview.rowsWithErrors > 0 || preview.counts.v2moms === 0;
  const done = confirming.data;
  return (
    <Panel>
      <Muted>
        One row per line item: a <code>v2mom</code> row (title, department, owner, year, quarter, vision), then its <code>value</code>,{' '}
        <code>method</code> and <code>obstacle</code> rows. Nothing is written until you import, and then every V2MOM or none.
      </Muted>
      <Row>
        <ExportMenu label="Download template" download={{ route: SHEET_PATHS.getV2momImportTemplate }} />
      </Row>
      <Field htmlFor={fileId} label="File" hint="A .csv or .xlsx file, up to 5 MB and 5,000 rows" error={preview ? undefined : (problem ?? undefined)}>
        <Input id={fileId} type="file" accept=".csv,.xlsx" aria-describedby={fieldDescriptionId(fileId)} onChange={(event) => void choose(event)} />
      </Field>
      {previewing.isPending && <Muted role="status">Checking the file...</Muted>}
      {preview && !done && (
        <>
          <p role="status">
            Would create {plural(preview.counts.v2moms, 'V2MOM', 'V2MOMs')}, {plural(preview.counts.values, 'value', 'values')},{' '}
            {plural(preview.counts.methods, 'method', 'methods')} and {plural(preview.counts.obstacles, 'obstacle', 'obstacles')}.{' '}
            {preview.rowsWithErrors > 0 ? `${plural(preview.rowsWithErrors, 'row has', 'rows have')} errors: fix them in the file and choose it again.` : 'No errors.'}
          </p>
          <PreviewTable preview={preview} />
          <Row>
            <Button variant="primary" disabled={blocked} loading={confirming.isPending} onClick={confirm}>
              Import {plural(preview.counts.v2moms, 'V2MOM', 'V2MOMs')}
            </Button>
          </Row>
        </>
      )}
      {done && <p role="status">Imported {plural(done.counts.v2moms, 'V2MOM', 'V2MOMs')}.</p>}
      {problem && preview && <Problem role="alert">{problem}</Problem>}
    </Panel>
  );
}
