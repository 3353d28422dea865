import { type Licence, licenceFieldsSchema } from '@tillpoint/contracts/licence';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudDialog, useCrudDialog } from '../../shared/ui/crud-dialog';
import { ListTable } from '../../shared/ui/list-table';
import { EMPTY_LICENCE_FORM, LicenceFields, licenceToForm } from '../licences/licence-fields';
import { licences, useBranchLicences } from '../licences/licences-api';

/** The branch page's Licenses tab: the branch's licences and the licence dialog (spec 1 §2, §4). */
export function BranchLicences({ branchId }: { branchId: number }) {
  const list = useBranchLicences(branchId);
  const dialog = useCrudDialog<Licence, typeof licenceFieldsSchema>({
    area: licences,
    schema: licenceFieldsSchema,
    empty: EMPTY_LICENCE_FORM,
    toForm: licenceToForm,
    createWith: { merchantBranchId: branchId },
  });
  return (
    <>
      <ListTable<Licence>
        title="Licenses"
        list={list}
        columns={[
          { field: 'serviceName', header: 'Service' },
          { field: 'licenseStatus', header: 'License Status' },
          { field: 'actionReason', header: 'Action Reason' },
          { field: 'validDays', header: 'Valid Days', align: 'right' },
          { field: 'remainingDaysText', header: 'Remaining Days' },
        ]}
        onSelect={dialog.open}
        onAdd={dialog.openNew}
      />
      <CrudDialog title="License" crud={dialog.crud} can={ADMIN_CAN} visible={dialog.visible} onClose={dialog.close}>
        <LicenceFields form={dialog.crud.form} remainingDaysText={dialog.crud.record?.remainingDaysText ?? null} />
      </CrudDialog>
    </>
  );
}
