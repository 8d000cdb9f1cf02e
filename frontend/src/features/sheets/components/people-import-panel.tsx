import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { useConfirmPeopleImport, usePreviewPeopleImport } from '../api/import-people';
import { plural, SheetImportPanel } from './sheet-import-panel';

/**
 * Import people (docs/PRODUCT.md#spreadsheets): the template, a file chosen and previewed (every
 * row with its errors, nothing written), then Import, which creates everyone or nobody.
 */
export function PeopleImportPanel() {
  return (
    <SheetImportPanel
      description={
        <>
          One row per person: <code>username</code>, <code>name</code>, <code>email</code>, <code>role</code>, <code>department</code> and{' '}
          <code>manager</code> (the username or email of an account or of another row). Nothing is written until you import, and then everyone or
          nobody. New accounts have no password yet: they sign in with single sign-on, or you give them a temporary password with Reset password.
        </>
      }
      template={{ route: SHEET_PATHS.getPeopleImportTemplate }}
      fileLabel="People file"
      tableLabel="Rows of the people file"
      columns={[
        { header: 'Username', cell: (row) => row.username },
        { header: 'Name', cell: (row) => row.name },
        { header: 'Department', cell: (row) => row.department },
        { header: 'Manager', cell: (row) => row.manager },
      ]}
      previewing={usePreviewPeopleImport()}
      confirming={useConfirmPeopleImport()}
      wouldCreate={({ people }) => `Would create ${plural(people, 'person', 'people')}.`}
      importLabel={({ people }) => `Import ${plural(people, 'person', 'people')}`}
      createsNothing={({ people }) => people === 0}
      imported={({ people }) => `Imported ${plural(people, 'person', 'people')}.`}
    />
  );
}
