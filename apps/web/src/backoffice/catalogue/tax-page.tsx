import { useRef } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { type Tax, taxInputSchema } from '@tillpoint/contracts/tax';
import { formatPercent } from '../../shared/format';
import { usePrivileges } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { NumberField, TextField } from '../../shared/ui/fields';
import { LazyTable, type LazyTableHandle } from '../../shared/ui/lazy-table';
import { useCrud } from '../../shared/ui/use-crud';

/** #/taxSave (spec 2): the tax form beside the 'Taxes' table. The pattern later screens copy. */
export default function TaxPage() {
  const can = usePrivileges(OBJECTS.tax);
  const table = useRef<LazyTableHandle>(null);
  const crud = useCrud<Tax, typeof taxInputSchema>({
    base: PATHS.tax,
    schema: taxInputSchema,
    empty: { name: '', rate: null },
    toForm: ({ name, rate }) => ({ name, rate }),
    onChanged: () => table.current?.refresh(),
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
          ref={table}
          title="Taxes"
          dataUrl={`${PATHS.tax}all`}
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
