import { useId, useState } from 'react';
import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { STOCK_OPERATIONS, STOCK_REASONS, type Product, defaultStockReason, productStockSchema } from '@tillpoint/contracts/product';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import type { Can } from '../../shared/privileges';
import { NumberField, SelectField } from '../../shared/ui/fields';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { useZodForm } from '../../shared/ui/use-zod-form';
import { enumOptions } from './catalogue-api';

/**
 * Stock of a saved product, in its own mode (spec 2 §2): Edit Stock, then an operation, its reason
 * (ADD_STOCK → DELIVERY, DROP_STOCK → EXPIRED, spec 2 §4) and an amount; Save Stock sends PUT
 * product/stock and shows the new level; Cancel leaves it as it was.
 */
export function ProductStock({ product, can, onSaved }: { product: Product; can: Can; onSaved: (saved: Product) => void }) {
  const headingId = useId();
  const formId = `${headingId}-form`;
  const [editing, setEditing] = useState(false);
  const [busy, run] = useBusy();
  const blank = { id: product.id, stockOperation: null, stockOperationReason: null, stock: null, minStock: product.minStock, maxStock: product.maxStock };
  const form = useZodForm(productStockSchema, blank);
  const { control, setValue } = form;

  const cancel = () => {
    form.reset(blank);
    setEditing(false);
  };
  const save = () =>
    form.submit(async (values) => {
      // The levels are the product's own (saved with it); the stock call keeps them as they are.
      const r = await run(api.put<Product>(PATHS.product.stock, { ...values, id: product.id, minStock: product.minStock, maxStock: product.maxStock }));
      if (!notify(r) || !r.ok) return;
      onSaved(r.body);
      form.reset({ ...blank, minStock: r.body.minStock, maxStock: r.body.maxStock });
      setEditing(false);
    });

  return (
    <section className="card crud-panel" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>Stock Management</h2>
        {can.create && (
          <div className="toolbar">
            {!editing && <Button type="button" label="Edit Stock" icon="pi pi-pencil" size="small" outlined onClick={() => setEditing(true)} />}
            {editing && <Button type="submit" form={formId} label="Save Stock" icon="pi pi-check" size="small" loading={busy} />}
            {editing && <Button type="button" label="Cancel" icon="pi pi-times" size="small" outlined severity="secondary" onClick={cancel} />}
          </div>
        )}
      </header>
      <p className="read-only-value">
        <span className="field-label">Current Stock</span> <strong data-testid="current-stock">{product.currentStock}</strong> {product.unit}
      </p>
      <SubmitForm id={formId} onSubmit={() => editing && save()}>
        <fieldset className="crud-fields" disabled={!editing || busy}>
          <legend className="sr-only">Stock Management</legend>
          <div className="field-grid">
            <SelectField
              control={control}
              name="stockOperation"
              label="Stock Operation"
              options={enumOptions(STOCK_OPERATIONS)}
              required
              onPicked={(op) => setValue('stockOperationReason', defaultStockReason(op))}
            />
            <SelectField control={control} name="stockOperationReason" label="Reason" options={enumOptions(STOCK_REASONS)} />
            <NumberField control={control} name="stock" label="Amount" required />
          </div>
        </fieldset>
      </SubmitForm>
    </section>
  );
}
