import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type Licence, licenceFieldsSchema } from '@tillpoint/contracts/licence';
import { api } from '../../shared/api';
import { ADMIN_CAN } from '../../shared/privileges';
import { getOrThrow } from '../../shared/query-client';
import { CrudDialog, useCrudDialog } from '../../shared/ui/crud-dialog';
import { ListTable } from '../../shared/ui/list-table';
import { LicenceFields } from '../licences/licence-fields';

const P = PATHS.licence;

/** The branch page's Licenses tab: the branch's licences and the licence dialog (spec 1 §2, §4). */
export function BranchLicences({ branchId }: { branchId: number }) {
  const list = useQuery({ queryKey: ['branchLicences', branchId], queryFn: () => getOrThrow<Licence[]>(P.byBranch(branchId)), staleTime: 0 });
  const dialog = useCrudDialog<Licence, typeof licenceFieldsSchema>({
    base: P.base,
    schema: licenceFieldsSchema,
    empty: { serviceName: null, licenseStatus: null, actionReason: null, actionReasonDescription: '', validDays: null },
    toForm: (l) => ({
      serviceName: l.serviceName,
      licenseStatus: l.licenseStatus,
      actionReason: l.actionReason,
      actionReasonDescription: l.actionReasonDescription ?? '',
      validDays: l.validDays,
    }),
    send: (values, record) => (record ? api.put<Licence>(P.update, { ...values, id: record.id }) : api.post<Licence>(P.create, { ...values, merchantBranchId: branchId })),
    onChanged: () => void list.refetch(),
  });
  return (
    <>
      <ListTable<Licence>
        title="Licenses"
        data={list.data ?? []}
        loading={list.isFetching}
        rows={5}
        columns={[
          { field: 'serviceName', header: 'Service' },
          { field: 'licenseStatus', header: 'License Status' },
          { field: 'actionReason', header: 'Action Reason' },
          { field: 'validDays', header: 'Valid Days', align: 'right' },
          { field: 'remainingDaysText', header: 'Remaining Days' },
        ]}
        onSelect={dialog.open}
        onRefresh={() => void list.refetch()}
        actions={<Button type="button" label="Add" icon="pi pi-plus" size="small" onClick={dialog.openNew} />}
      />
      <CrudDialog title="License" crud={dialog.crud} can={ADMIN_CAN} visible={dialog.visible} onClose={dialog.close}>
        <LicenceFields form={dialog.crud.form} remainingDaysText={dialog.crud.record?.remainingDaysText ?? null} />
      </CrudDialog>
    </>
  );
}
