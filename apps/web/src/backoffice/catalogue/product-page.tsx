import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { BARCODE_DIGITS, BARCODE_OPTIONS_FROM, BARCODE_TYPES, CODE_LENGTHS } from '@tillpoint/contracts/barcode';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import {
  DEFAULT_UNIT,
  PRODUCT_DEFAULTS,
  PRODUCT_MESSAGES,
  PRODUCT_TYPES,
  type Product,
  type ProductForm,
  type ProductImageType,
  TAG_LABELS_SHOWN,
  UNITS,
  productInputSchema,
} from '@tillpoint/contracts/product';
import { navigate, parseHash, useHash } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { type ImageKind, ImagesSection } from '../../shared/ui/image-field';
import { RefField, RefMultiField } from '../../shared/ui/ref-field';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import type { Draft } from '../../shared/ui/use-zod-form';
import { PageLoading } from '../page-loading';
import { PageTitle } from '../page-title';
import { ROUTES } from '../route-hrefs';
import { enumOptions, products, useActiveTags, useCountryOptions, useDepartmentOptions, useProductClassOptions, useSupplierOptions, useTaxOptions } from './catalogue-api';
import { calculateWebPrice, generateBarcode } from './product-api';
import { PriceCalculator } from './product-price-calculator';
import { ProductStock } from './product-stock';
import './catalogue.css';

const P = PATHS.product;

const EMPTY: Draft<ProductForm> = {
  name: '',
  status: 'ACTIVE',
  barcode: '',
  barcodeType: 'NORMAL',
  barcodeDigit: null,
  codeLength: null,
  departmentId: null,
  tax: null,
  price: null,
  oldPrice: null,
  webPrice: null,
  price2: null,
  price3: null,
  unit: DEFAULT_UNIT,
  quantity: PRODUCT_DEFAULTS.quantity,
  weighable: false,
  allowZeroPrice: false,
  allowNegativePrice: false,
  productType: PRODUCT_DEFAULTS.productType,
  productTags: [],
  minStock: null,
  maxStock: null,
  supplierId: null,
  countryId: null,
  productClassId: null,
  description: '',
  rowNumber: PRODUCT_DEFAULTS.rowNumber,
  colNo: PRODUCT_DEFAULTS.colNo,
  costPrice: null,
  boxQuantity: null,
  boxUnit: PRODUCT_DEFAULTS.boxUnit,
  profitMargin: null,
  boxPrice: null,
  webEnabled: true,
};

/** The form's copy of a saved product: its input fields (derived and read-only fields stay on the record). */
const toForm = (p: Product): Draft<ProductForm> => {
  const form: Record<string, unknown> = {};
  for (const key of Object.keys(EMPTY)) form[key] = p[key as keyof Product];
  return { ...(form as Draft<ProductForm>), unit: p.unit as ProductForm['unit'], boxUnit: p.boxUnit as ProductForm['boxUnit'], description: p.description ?? '' };
};

/** SelectField holds what its options hold; these hold numbers (barcode digit, code length). */
const numberOptions = (values: readonly number[]) => values.map((n) => ({ label: String(n), value: n as unknown as string }));

const IMAGES: ImageKind<ProductImageType, Product>[] = [
  { type: 'WEB', label: 'Image(Web)', version: (p) => (p.fileName ? (p.imageVersion ?? p.fileName) : null) },
  { type: 'TILL', label: 'Image(Till)', version: (p) => (p.fileNameTill ? (p.imageVersionTill ?? p.fileNameTill) : null) },
];

/**
 * #productSave?{id} (spec 2): one product, every section of the spec in one form; no id means a new
 * product in edit mode. Save returns to the list, Save And Next leaves a blank form, Save And Copy
 * a copy without id and barcode. Images go after a successful save; stock has its own mode.
 */
export default function ProductPage() {
  const id = Number(parseHash(useHash()).params[0]) || null;
  // Another id (or none, for new) is another record: a fresh form, never the last one's state.
  return <ProductEditor key={id ?? 'new'} id={id} />;
}

function ProductEditor({ id }: { id: number | null }) {
  const can = usePrivileges(OBJECTS.product);
  const departments = useDepartmentOptions();
  const taxes = useTaxOptions();
  const tags = useActiveTags();
  const suppliers = useSupplierOptions();
  const countries = useCountryOptions();
  const classes = useProductClassOptions();
  const crud = useCrud<Product, typeof productInputSchema>({
    area: products,
    id,
    newInEdit: true,
    schema: productInputSchema,
    empty: EMPTY,
    toForm,
    copyClears: ['barcode'],
    deleteConfirm: PRODUCT_MESSAGES.confirmDelete,
    // The images go once the product is saved (spec 2 §2).
    images: { upload: P.imageUpload, remove: P.imageRemove },
    onSaved: (_, { then }) => {
      if (then === 'save') navigate(ROUTES.productList);
    },
    onDeleted: () => navigate(ROUTES.productList),
    onCancelNew: () => navigate(ROUTES.productList),
  });
  const { control, setValue, getValues } = crud.form;
  const [barcode, taxId, departmentId] = useWatch({ control, name: ['barcode', 'tax', 'departmentId'] });
  const product = crud.record;
  const longBarcode = (barcode ?? '').trim().length >= BARCODE_OPTIONS_FROM;
  const department = departments.data?.find((d) => d.id === departmentId);
  // The rate that applies: the product's tax, else its department's (spec 2 §4).
  const taxRate = taxes.data?.find((t) => t.id === taxId)?.rate ?? department?.taxRate ?? (product?.departmentId === departmentId ? product?.taxRate : null) ?? null;
  const editing = crud.editing;
  // Spec 2 §4: under 12 characters the barcode is NORMAL, with no digit or code length.
  useEffect(() => {
    if (!editing || longBarcode) return;
    setValue('barcodeType', 'NORMAL');
    setValue('barcodeDigit', null);
    setValue('codeLength', null);
  }, [editing, longBarcode, setValue]);

  if (crud.failed) return <p className="card">This product could not be loaded.</p>;
  if (crud.loading) return <PageLoading />;
  return (
    <div className="stack product-page">
      <PageTitle title={product ? product.name : 'New Product'} back={ROUTES.productList} backLabel="Products" />
      <CrudPanel title="Product" crud={crud} can={{ ...can, add: false }} saveVariants={['next', 'copy']}>
        <div className="product-sections">
          <section className="product-section" aria-label="Details">
            <h3>Details</h3>
            <StatusSwitch crud={crud} />
            <div className="field-with-action">
              <TextField
                control={control}
                name="barcode"
                label="Barcode"
                required
              />
              <Button
                type="button"
                icon="pi pi-barcode"
                outlined
                aria-label="Generate Barcode"
                title="Generate Barcode"
                onClick={async () => {
                  const code = await generateBarcode();
                  if (code) setValue('barcode', code);
                }}
              />
            </div>
            {longBarcode && (
              <div className="field-grid field-grid-narrow">
                <SelectField control={control} name="barcodeType" label="Barcode Type" options={enumOptions(BARCODE_TYPES)} />
                <SelectField control={control} name="barcodeDigit" label="Barcode Digit" options={numberOptions(BARCODE_DIGITS)} />
                <SelectField control={control} name="codeLength" label="Code Length" options={numberOptions(CODE_LENGTHS)} />
              </div>
            )}
            <TextField control={control} name="name" label="Name" required />
            <div className="field-grid field-grid-narrow">
              <NumberField control={control} name="quantity" label="Quantity" required />
              <SelectField control={control} name="unit" label="Unit" options={UNITS} required />
            </div>
            <CheckboxField control={control} name="weighable" label="Weighable" />
            <RefField
              control={control}
              name="departmentId"
              label="Department"
              options={departments.data}
              loading={departments.isPending}
              required
              savedName={product?.departmentName}
              onPicked={(d) => {
                // Spec 2 §4: the department's tax, and its margin when the product has none.
                if (!d) return;
                setValue('tax', d.tax);
                if (getValues('profitMargin') === null || getValues('profitMargin') === undefined) setValue('profitMargin', d.profitMargin);
              }}
            />
            <RefField
              control={control}
              name="tax"
              label="Tax"
              options={taxes.data}
              loading={taxes.isPending}
              placeholder={department ? `Department's (${department.taxName})` : 'Select'}
            />
            <RefMultiField control={control} name="productTags" label="Product Tag" options={tags.data} loading={tags.isPending} maxLabels={TAG_LABELS_SHOWN} />
          </section>

          <section className="product-section" aria-label="Price">
            <h3>Price</h3>
            <div className="field-grid field-grid-narrow">
              <NumberField control={control} name="price" label="Till Price" suffix="£" />
              <NumberField control={control} name="price2" label="Price 2" suffix="£" />
              <NumberField control={control} name="price3" label="Price 3" suffix="£" />
              <NumberField control={control} name="oldPrice" label="Old Price" suffix="£" />
            </div>
            <div className="field-with-action">
              <NumberField control={control} name="webPrice" label="Web Price" suffix="£" />
              {can.view && (
                <Button
                  type="button"
                  label="Calculate"
                  icon="pi pi-calculator"
                  size="small"
                  outlined
                  onClick={async () => {
                    const web = await calculateWebPrice(getValues('price'), getValues('departmentId'));
                    if (web !== null) setValue('webPrice', web);
                  }}
                />
              )}
            </div>
            <CheckboxField control={control} name="webEnabled" label="Web Enabled" />
            <CheckboxField control={control} name="allowZeroPrice" label="Allow Zero Price" />
            <CheckboxField control={control} name="allowNegativePrice" label="Allow Negative Price" />
            <h3>Promotions</h3>
            <p className="read-only-value">
              <span className="field-label">Mix and Match</span> {product?.mixAndMatchName ?? 'None'}
            </p>
            {(product?.departmentExcludePromotion || department?.excludePromotion) && <p className="muted">Its department excludes promotions.</p>}
          </section>

          <PriceCalculator control={control} taxRate={taxRate} departmentMargin={department?.profitMargin ?? product?.departmentProfitMargin ?? null} />

          <section className="product-section" aria-label="Stock Levels">
            <h3>Stock Levels</h3>
            <div className="field-grid field-grid-narrow">
              <NumberField control={control} name="minStock" label="Min Stock" />
              <NumberField control={control} name="maxStock" label="Max Stock" />
            </div>
            <p className="muted">{product ? 'Stock comes and goes under Stock Management (Edit Stock).' : 'Stock is added once the product is saved.'}</p>
          </section>

          <ImagesSection kinds={IMAGES} record={product} download={P.imageDownload} images={crud.images} editing={editing} />

          <section className="product-section" aria-label="Till">
            <h3>Till</h3>
            <SelectField control={control} name="productType" label="Product Type" options={enumOptions(PRODUCT_TYPES)} />
            <div className="field-grid field-grid-narrow">
              <NumberField control={control} name="rowNumber" label="Row Number" />
              <NumberField control={control} name="colNo" label="Col No" />
            </div>
            <RefField control={control} name="supplierId" label="Supplier" options={suppliers.data} loading={suppliers.isPending} />
            <div className="field-grid field-grid-narrow">
              <RefField control={control} name="countryId" label="Country" options={countries.data} loading={countries.isPending} />
              <RefField control={control} name="productClassId" label="Product Class" options={classes.data} loading={classes.isPending} />
            </div>
            <TextField control={control} name="description" label="Description" />
          </section>
        </div>
      </CrudPanel>
      {product && <ProductStock product={product} can={can} onSaved={crud.keep} />}
    </div>
  );
}
