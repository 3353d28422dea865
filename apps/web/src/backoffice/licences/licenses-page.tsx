import { useState } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type Licence, type LicenceReportRow, licenceFieldsSchema } from '@tillpoint/contracts/licence';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudDialog, useCrudDialog } from '../../shared/ui/crud-dialog';
import { LazyTable } from '../../shared/ui/lazy-table';
import { EMPTY_LICENCE_FORM, LicenceFields, licenceToForm } from './licence-fields';
import { licences } from './licences-api';

// Licences are added on their branch's page, where the branch is known; here they are reviewed and edited.
const CAN = { ...ADMIN_CAN, add: false, delete: false };

/** #/licenses (spec 1 §2): every branch's licences, 10 rows, with the licence dialog. */
export default function LicensesPage() {
  const [row, setRow] = useState<LicenceReportRow | null>(null);
  const dialog = useCrudDialog<Licence, typeof licenceFieldsSchema>({
    area: licences,
    schema: licenceFieldsSchema,
    empty: EMPTY_LICENCE_FORM,
    toForm: licenceToForm,
  });
  const record = dialog.crud.record;

  return (
    <>
      <LazyTable<LicenceReportRow>
        title="Licenses"
        dataUrl={PATHS.licence.all}
        rows={10}
        columns={[
          { field: 'branchName', header: 'Branch Name' },
          { field: 'domainName', header: 'Domain' },
          { field: 'serviceName', header: 'Service' },
          { field: 'licenseStatus', header: 'Status' },
          { field: 'actionReason', header: 'Reason' },
        ]}
        // Selected only while its dialog is open, so the same row opens it again after Close.
        selection={dialog.visible ? row : null}
        onSelect={(r) => {
          setRow(r);
          dialog.open(r);
        }}
      />
      <CrudDialog title="License" crud={dialog.crud} can={CAN} visible={dialog.visible} onClose={dialog.close}>
        {row && (
          <p className="dialog-subtitle">
            {row.branchName} <span className="muted">({row.domainName})</span>
          </p>
        )}
        <LicenceFields form={dialog.crud.form} remainingDaysText={record?.remainingDaysText ?? null} />
      </CrudDialog>
    </>
  );
}
