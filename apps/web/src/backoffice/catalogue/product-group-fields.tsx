import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { PRICING_TYPES, PRODUCT_GROUP_MESSAGES, type ProductGroup, SELECTION_TYPES, type productGroupInputSchema } from '@tillpoint/contracts/product-group';
import { formatMoney } from '../../shared/format';
import { warn } from '../../shared/toast-bus';
import { NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { type PickedProduct, ProductPicker } from '../../shared/ui/product-picker';
import { StatusSwitch } from '../../shared/ui/status-switch';
import type { Crud, CrudOptions } from '../../shared/ui/use-crud';
import { enumOptions } from './catalogue-api';

type Member = ProductGroup['products'][number];
type GroupCrud = Crud<ProductGroup, typeof productGroupInputSchema>;

/** The record-form options of a product group, shared by its page and its dialog (the web menu editor opens it). */
export const PRODUCT_GROUP_FORM = {
  empty: { name: '', status: 'ACTIVE', price: null, selectionType: 'SINGLE', pricingType: 'PRODUCT_PRICE', zeroPriceLimit: null, products: [] },
  toForm: ({ name, status, price, selectionType, pricingType, zeroPriceLimit, products }: ProductGroup) => ({
    name,
    status,
    price,
    selectionType,
    pricingType,
    zeroPriceLimit,
    products: products.map((p) => p.id),
  }),
} satisfies Pick<CrudOptions<ProductGroup, typeof productGroupInputSchema>, 'empty' | 'toForm'>;

/**
 * A product group's details, its 'Select Product' area and its products (spec 2): the form holds
 * the product ids in order, the table shows them; a product already in the group is not added
 * again, and rows are removed only in edit mode (spec 2 §4).
 */
export function ProductGroupFields({ crud }: { crud: GroupCrud }) {
  const { control, setValue } = crud.form;
  const ids = (useWatch({ control, name: 'products' }) as number[] | null) ?? [];
  // Products seen on the saved record or picked since, so the table can name every id the form holds.
  const [picked, setPicked] = useState<Member[]>([]);
  const known = new Map<number, Member>([...(crud.record?.products ?? []), ...picked].map((p) => [p.id, p]));
  const rows = ids.map((id) => known.get(id) ?? { id, name: `#${id}`, barcode: '', price: null, status: 'ACTIVE' as const });

  const add = (p: PickedProduct) => {
    if (ids.includes(p.id)) return warn(PRODUCT_GROUP_MESSAGES.duplicateProduct);
    setPicked((list) => [...list, { id: p.id, name: p.name, barcode: p.barcode, price: p.price, status: p.status }]);
    setValue('products', [...ids, p.id], { shouldDirty: true });
  };
  const remove = (id: number) =>
    setValue(
      'products',
      ids.filter((i) => i !== id),
      { shouldDirty: true },
    );

  return (
    <>
      <StatusSwitch crud={crud} />
      <div className="field-grid">
        <TextField control={control} name="name" label="Name" required />
        <NumberField control={control} name="price" label="Price" suffix="£" />
        <SelectField control={control} name="selectionType" label="Selection Type" options={enumOptions(SELECTION_TYPES)} required />
        <SelectField control={control} name="pricingType" label="Pricing Type" options={enumOptions(PRICING_TYPES)} required />
        <NumberField control={control} name="zeroPriceLimit" label="Zero Price Limit" />
      </div>
      {crud.editing && <ProductPicker onPick={add} />}
      <DataTable
        value={rows}
        dataKey="id"
        size="small"
        stripedRows
        emptyMessage={MESSAGES.noRecords}
        footer={MESSAGES.numberOfRecords(rows.length)}
        className="group-products"
        pt={{ table: { 'aria-label': 'Products' } }}
        paginator={rows.length > 10}
        rows={10}
      >
        <Column field="barcode" header="Barcode" />
        <Column field="name" header="Name" />
        <Column field="price" header="Price" align="right" body={(p: Member) => formatMoney(p.price)} />
        {crud.editing && (
          <Column
            header="Actions"
            body={(p: Member) => <Button type="button" icon="pi pi-trash" size="small" text rounded severity="danger" aria-label={`Remove ${p.name}`} title="Remove" onClick={() => remove(p.id)} />}
          />
        )}
      </DataTable>
    </>
  );
}
