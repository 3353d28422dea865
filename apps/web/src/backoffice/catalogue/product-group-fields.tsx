import { PRICING_TYPES, PRODUCT_GROUP_MESSAGES, type ProductGroup, SELECTION_TYPES, type productGroupInputSchema } from '@tillpoint/contracts/product-group';
import { warn } from '../../shared/toast-bus';
import { NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { ProductListTable, useProductList } from '../../shared/ui/product-list';
import { type PickedProduct, ProductPicker } from '../../shared/ui/product-picker';
import { StatusSwitch } from '../../shared/ui/status-switch';
import type { Crud, CrudOptions } from '../../shared/ui/use-crud';
import { enumOptions } from './catalogue-api';

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
  const { control } = crud.form;
  const list = useProductList(crud.form, crud.record?.products);
  const add = (p: PickedProduct) => (list.ids.includes(p.id) ? warn(PRODUCT_GROUP_MESSAGES.duplicateProduct) : list.add(p));

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
      <ProductListTable rows={list.rows} editing={crud.editing} onRemove={list.remove} pageSize={10} className="group-products" />
    </>
  );
}
