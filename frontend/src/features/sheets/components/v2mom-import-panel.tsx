import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { useConfirmV2momImport, usePreviewV2momImport } from '../api/import-v2moms';
import { plural, SheetImportPanel } from './sheet-import-panel';

/**
 * Import V2MOMs (docs/PRODUCT.md#spreadsheets): the template, a file chosen and previewed (every
 * row with its errors, nothing written), then Import, which writes every V2MOM or none.
 */
export function V2momImportPanel() {
  return (
    <SheetImportPanel
      description={
        <>
          One row per line item: a <code>v2mom</code> row (title, department, owner, year, quarter, vision), then its <code>value</code>,{' '}
          <code>method</code> and <code>obstacle</code> rows. Nothing is written until you import, and then every V2MOM or none.
        </>
      }
      template={{ route: SHEET_PATHS.getV2momImportTemplate }}
      fileLabel="V2MOM file"
      tableLabel="Rows of the V2MOM file"
      columns={[
        { header: 'Kind', cell: (row) => row.kind },
        { header: 'V2MOM', cell: (row) => row.v2mom },
        { header: 'Text', cell: (row) => (row.text.length > 120 ? `${row.text.slice(0, 120)}...` : row.text) },
      ]}
      previewing={usePreviewV2momImport()}
      confirming={useConfirmV2momImport()}
      wouldCreate={({ counts }) =>
        `Would create ${plural(counts.v2moms, 'V2MOM', 'V2MOMs')}, ${plural(counts.values, 'value', 'values')}, ${plural(counts.methods, 'method', 'methods')} and ${plural(counts.obstacles, 'obstacle', 'obstacles')}.`
      }
      importLabel={({ counts }) => `Import ${plural(counts.v2moms, 'V2MOM', 'V2MOMs')}`}
      createsNothing={({ counts }) => counts.v2moms === 0}
      imported={({ counts }) => `Imported ${plural(counts.v2moms, 'V2MOM', 'V2MOMs')}.`}
    />
  );
}
