import { OBJECTS } from '@tillpoint/contracts/privileges';
import { type Tax, taxInputSchema } from '@tillpoint/contracts/tax';
import { formatPercent } from '../../shared/format';
import { usePrivileges } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { NumberField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { LazyTable } from '../../shared/ui/lazy-table';
import { useCrud } from '../../shared/ui/use-crud';
import { taxes } from './tax-api';

/**
 * #/taxSave (spec 2): the tax form beside the 'Taxes' table. The pattern later screens copy: the
 * form declares its area, schema and fields; a save or delete refreshes the table by itself.
 */
export default function TaxPage() {
  const can = usePrivileges(OBJECTS.tax);
  const crud = useCrud<Tax, typeof taxInputSchema>({
    area: taxes,
    schema: taxInputSchema,
    empty: { name: '', rate: null },
    toForm: ({ name, rate }) => ({ name, rate }),
  });
  const { control } = crud.form;

  return (
    <div className="page-split">
      <CrudPanel title="Tax" crud={crud} can={can}>
        <TextField control={control} name="name" label="Name" required />
        <NumberField control={control} name="rate" label="Rate" suffix="%" required />
      </CrudPanel>
      {can.view && (
        <LazyTable<Tax>
          title="Taxes"
          dataUrl={`${taxes.base}all`}
          rows={5}
          columns={[
            { field: 'name', header: 'Name' },
            { field: 'rate', header: 'Rate', numeric: true, align: 'right', body: (t) => formatPercent(t.rate) },
          ]}
          selection={crud.record}
          onSelect={crud.load}
        />
      )}
    </div>
  );
}
