import { useState } from 'react';
import { type Control, type FieldValues, type Path, type PathValue, type UseFormSetValue, useWatch } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { formatMoney } from '../format';
import type { PickedProduct } from './product-picker';

/** A product of a form's product list, as its table shows it. */
export type ListedProduct = { id: number; name: string; barcode: string; price: number | null };

/**
 * A form's ordered product ids (its `products` field: product groups, mix and match) as table rows.
 * The saved record's products and those picked since name the ids; `add` appends a product not
 * listed yet and `remove` drops one, both marking the form changed.
 */
export function useProductList<T extends FieldValues, O>(
  form: { control: Control<T, unknown, O>; setValue: UseFormSetValue<T> },
  saved: readonly ListedProduct[] | undefined,
) {
  const name = 'products' as Path<T>;
  const ids = (useWatch({ control: form.control, name }) as number[] | null) ?? [];
  // Products picked since the record was read, so the table can name every id the form holds.
  const [picked, setPicked] = useState<ListedProduct[]>([]);
  const known = new Map<number, ListedProduct>([...(saved ?? []), ...picked].map((p) => [p.id, p]));
  const rows = ids.map((id) => known.get(id) ?? { id, name: `#${id}`, barcode: '', price: null });
  const set = (next: number[]) => form.setValue(name, next as PathValue<T, Path<T>>, { shouldDirty: true });

  const add = ({ id, name, barcode, price }: PickedProduct) => {
    if (ids.includes(id)) return;
    setPicked((list) => [...list, { id, name, barcode, price }]);
    set([...ids, id]);
  };
  const remove = (id: number) => set(ids.filter((i) => i !== id));
  return { ids, rows, add, remove };
}

/** The table of a form's product list: Barcode, Name, Price, and a Remove button in edit mode. */
export function ProductListTable({
  rows,
  editing,
  onRemove,
  pageSize,
  className,
}: {
  rows: ListedProduct[];
  editing: boolean;
  onRemove: (id: number) => void;
  pageSize: number;
  className?: string;
}) {
  return (
    <DataTable
      value={rows}
      dataKey="id"
      size="small"
      stripedRows
      emptyMessage={MESSAGES.noRecords}
      footer={MESSAGES.numberOfRecords(rows.length)}
      className={className}
      pt={{ table: { 'aria-label': 'Products' } }}
      paginator={rows.length > pageSize}
      rows={pageSize}
    >
      <Column field="barcode" header="Barcode" />
      <Column field="name" header="Name" />
      <Column field="price" header="Price" align="right" body={(p: ListedProduct) => formatMoney(p.price)} />
      {editing && (
        <Column
          header="Actions"
          body={(p: ListedProduct) => (
            <Button type="button" icon="pi pi-trash" size="small" text rounded severity="danger" aria-label={`Remove ${p.name}`} title="Remove" onClick={() => onRemove(p.id)} />
          )}
        />
      )}
    </DataTable>
  );
}
