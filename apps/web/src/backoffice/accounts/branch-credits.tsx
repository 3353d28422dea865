import { CREDIT_TYPES, STATUSES } from '@tillpoint/contracts/enums';
import { type Credit, creditFieldsSchema } from '@tillpoint/contracts/credit';
import { ADMIN_CAN } from '../../shared/privileges';
import { CrudDialog, useCrudDialog } from '../../shared/ui/crud-dialog';
import { NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { ListTable } from '../../shared/ui/list-table';
import { credits, useBranchCredits, useCreditTotals } from './credits-api';

const count = new Intl.NumberFormat('en-GB');

/**
 * The branch page's Credits tab (spec 1 §2, §3): the credits, the totals over ACTIVE ones (value,
 * and value minus used) and the credit dialog. A saved credit's value cannot change.
 */
export function BranchCredits({ branchId }: { branchId: number }) {
  const list = useBranchCredits(branchId);
  const totals = useCreditTotals(branchId);
  const refresh = () => {
    void list.refetch();
    void totals.refetch();
  };
  const dialog = useCrudDialog<Credit, typeof creditFieldsSchema>({
    area: credits,
    schema: creditFieldsSchema,
    empty: { creditValue: null, creditType: null, description: '', status: 'ACTIVE' },
    toForm: ({ creditValue, creditType, description, status }) => ({ creditValue, creditType, description: description ?? '', status }),
    createWith: { merchantBranchId: branchId },
  });
  const { record } = dialog.crud;
  const { control } = dialog.crud.form;
  return (
    <>
      <ListTable<Credit>
        title="Credits"
        list={list}
        rows={3}
        columns={[
          { field: 'creditValue', header: 'Credit Value', align: 'right', body: (c) => count.format(c.creditValue) },
          { field: 'creditUsed', header: 'Credit Used', align: 'right', body: (c) => count.format(c.creditUsed) },
          { field: 'creditType', header: 'Credit Type' },
          { field: 'description', header: 'Description' },
          { field: 'status', header: 'Status' },
        ]}
        onSelect={dialog.open}
        onRefresh={refresh}
        onAdd={dialog.openNew}
        summary={
          <dl className="totals" aria-label="Credit totals">
            <div>
              <dt>Total Active Credit</dt>
              <dd>{totals.data ? count.format(totals.data.totalCredit) : '…'}</dd>
            </div>
            <div>
              <dt>Total Remaining Credit</dt>
              <dd>{totals.data ? count.format(totals.data.remainingCredit) : '…'}</dd>
            </div>
          </dl>
        }
      />
      <CrudDialog title="Credit" crud={dialog.crud} can={ADMIN_CAN} visible={dialog.visible} onClose={dialog.close}>
        <NumberField control={control} name="creditValue" label="Credit Value" required disabled={record !== null} />
        {record && dialog.crud.editing && <small className="muted field-note">A saved credit's value cannot be changed.</small>}
        {record && (
          <div className="field">
            <span className="field-label">Credit Used</span>
            <output className="read-only-value">{count.format(record.creditUsed)}</output>
          </div>
        )}
        <SelectField control={control} name="creditType" label="Credit Type" options={CREDIT_TYPES} required />
        <TextField control={control} name="description" label="Description" />
        <SelectField control={control} name="status" label="Status" options={STATUSES} required />
      </CrudDialog>
    </>
  );
}
