import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { DEFAULT_UNIT, PRODUCT_TYPES, type Product, type ProductForm, UNITS, productInputSchema } from '@tillpoint/contracts/product';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { refreshArea } from '../../shared/query-keys';
import { NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { RefField } from '../../shared/ui/ref-field';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { type Draft, useZodForm } from '../../shared/ui/use-zod-form';
import { enumOptions, products, useDepartmentOptions } from './catalogue-api';
import { calculateWebPrice, generateBarcode } from './product-api';
import './catalogue.css';

type BulkForm = Pick<Draft<ProductForm>, 'barcode' | 'name' | 'price' | 'price2' | 'price3' | 'webPrice' | 'quantity' | 'unit' | 'departmentId' | 'productType'>;

const EMPTY: BulkForm = { barcode: '', name: '', price: null, price2: null, price3: null, webPrice: null, quantity: 1, unit: DEFAULT_UNIT, departmentId: null, productType: 'PRODUCT_LINE' };

/**
 * 'Product Definition' (spec 2, Bulk Create): one product after another. Save creates it and
 * empties the dialog for the next, keeping the department, unit and type, which a run of products
 * usually shares; Close ends the run.
 */
export function BulkCreateDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const formId = useId();
  const departments = useDepartmentOptions();
  const form = useZodForm(productInputSchema, EMPTY as Draft<ProductForm>);
  const { control, setValue, getValues } = form;
  const [busy, run] = useBusy();
  const [made, setMade] = useState(0);
  const queryClient = useQueryClient();

  const save = () =>
    form.submit(async (values) => {
      const r = await run(api.post<Product>(`${PATHS.product.base}create`, values));
      if (!notify(r) || !r.ok) return;
      setMade((n) => n + 1);
      const { departmentId, unit, productType } = getValues();
      form.reset({ ...EMPTY, departmentId, unit, productType } as Draft<ProductForm>);
      refreshArea(queryClient, products);
    });

  const close = () => {
    form.reset(EMPTY as Draft<ProductForm>);
    setMade(0);
    onClose();
  };

  return (
    <Dialog
      header="Product Definition"
      visible={visible}
      onHide={close}
      style={{ width: '46rem' }}
      breakpoints={{ '900px': '90vw', '640px': '100vw' }}
      draggable={false}
      closable={false}
      className="crud-dialog"
      footer={
        <div className="toolbar crud-dialog-footer">
          {made > 0 && <span className="muted bulk-count">{made === 1 ? '1 product created' : `${made} products created`}</span>}
          <Button type="submit" form={formId} label="Save" icon="pi pi-check" size="small" loading={busy} />
          <Button type="button" label="Close" size="small" text severity="secondary" onClick={close} />
        </div>
      }
    >
      <SubmitForm id={formId} onSubmit={save}>
        <div className="field-grid">
          <div className="field-with-action field-span">
            <TextField control={control} name="barcode" label="Barcode" required />
            <Button type="button" label="Generate Barcode" icon="pi pi-barcode" size="small" outlined onClick={async () => {
              const code = await generateBarcode();
              if (code) setValue('barcode', code);
            }} />
          </div>
          <TextField control={control} name="name" label="Name" required />
          <NumberField control={control} name="price" label="Price" suffix="£" />
          <NumberField control={control} name="price2" label="Price 2" suffix="£" />
          <NumberField control={control} name="price3" label="Price 3" suffix="£" />
          <div className="field-with-action">
            <NumberField control={control} name="webPrice" label="Web Price" suffix="£" />
            <Button type="button" label="Calculate" icon="pi pi-calculator" size="small" outlined onClick={async () => {
              const { price, departmentId } = getValues();
              const web = await calculateWebPrice(price, departmentId);
              if (web !== null) setValue('webPrice', web);
            }} />
          </div>
          <NumberField control={control} name="quantity" label="Quantity" required />
          <SelectField control={control} name="unit" label="Unit" options={UNITS} required />
          <RefField control={control} name="departmentId" label="Department" options={departments.data} loading={departments.isPending} required />
          <SelectField control={control} name="productType" label="Product Type" options={enumOptions(PRODUCT_TYPES)} />
        </div>
      </SubmitForm>
    </Dialog>
  );
}
