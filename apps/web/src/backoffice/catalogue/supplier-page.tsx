import { MOBILE_MASK } from '@tillpoint/contracts/merchant-account';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { SUPPLIER_PAGE_SIZE, type Supplier, supplierInputSchema } from '@tillpoint/contracts/supplier';
import { usePrivileges } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { MaskField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { LazyTable } from '../../shared/ui/lazy-table';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import { suppliers } from './catalogue-api';

/**
 * #/supplier (spec 2): the supplier form above a list of 5 rows. A new supplier starts in edit
 * mode (spec 2 §4); a row picked from the list shows read-only until Edit.
 */
export default function SupplierPage() {
  const can = usePrivileges(OBJECTS.supplier);
  const crud = useCrud<Supplier, typeof supplierInputSchema>({
    area: suppliers,
    schema: supplierInputSchema,
    empty: { name: '', status: 'ACTIVE', email: '', phone: null },
    toForm: ({ name, status, email, phone }) => ({ name, status, email: email ?? '', phone }),
    // Nothing to go back to on this page: Cancel on a new supplier just leaves a blank form.
    onCancelNew: () => {},
    newInEdit: can.add,
  });
  const { control } = crud.form;

  return (
    <div className="stack">
      <CrudPanel title="Supplier" crud={crud} can={can}>
        <StatusSwitch crud={crud} />
        <div className="field-grid">
          <TextField control={control} name="name" label="Name" required />
          <TextField control={control} name="email" label="Email" type="email" autoComplete="email" />
          <MaskField control={control} name="phone" label="Phone" mask={MOBILE_MASK} autoComplete="tel-national" />
        </div>
      </CrudPanel>
      {can.view && (
        <LazyTable<Supplier>
          title="Suppliers"
          dataUrl={`${suppliers.base}all`}
          rows={SUPPLIER_PAGE_SIZE}
          columns={[
            { field: 'name', header: 'Name' },
            { field: 'email', header: 'Email' },
            { field: 'phone', header: 'Phone' },
            { field: 'status', header: 'Status', filterMatchMode: 'startsWith' },
          ]}
          selection={crud.record}
          onSelect={crud.load}
        />
      )}
    </div>
  );
}
