import { describe, expect, it } from 'vitest';
import { departmentInputSchema } from './department';
import { deviceInputSchema } from './device';
import { productInputSchema, productStockSchema } from './product';
import { productGroupInputSchema } from './product-group';
import { productTagInputSchema } from './product-tag';
import { supplierInputSchema } from './supplier';

const REQUIRED = 'Please fill the required fields!';
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error?.issues[0].message);

describe('department', () => {
  const base = { name: 'Drinks', tax: 1 };
  it('needs a name and a tax', () => {
    expect(first(departmentInputSchema.safeParse({ tax: 1 }))).toBe(REQUIRED);
    expect(first(departmentInputSchema.safeParse({ name: ' ', tax: 1 }))).toBe(REQUIRED);
    expect(first(departmentInputSchema.safeParse({ name: 'Drinks' }))).toBe(REQUIRED);
    expect(first(departmentInputSchema.safeParse({ name: 'Drinks', tax: null }))).toBe(REQUIRED);
    expect(first(departmentInputSchema.safeParse({ name: 'x'.repeat(256), tax: 1 }))).toBe('You can enter up to 255 characters in this field.');
  });
  it('needs the rate with a calculation method, and clears it without one', () => {
    expect(first(departmentInputSchema.safeParse({ ...base, priceCalculationMethod: 'PERCENTAGE' }))).toBe('Please fill the rate field!');
    expect(departmentInputSchema.parse({ ...base, priceCalculationMethod: 'PERCENTAGE', priceCalculationRate: 10 }).priceCalculationRate).toBe(10);
    for (const m of ['EMPTY', 'NO_CALCULATION']) {
      expect(departmentInputSchema.parse({ ...base, priceCalculationMethod: m, priceCalculationRate: 10 }).priceCalculationRate).toBeNull();
    }
  });
  it('has the spec defaults', () => {
    expect(departmentInputSchema.parse(base)).toEqual({
      name: 'Drinks',
      status: 'ACTIVE',
      tax: 1,
      ageRestricted: false,
      excludePromotion: false,
      shelfEdgeLabelRequired: false,
      excludeServiceCharge: false,
      autoCreateMenu: false,
      profitMargin: null,
      priceCalculationMethod: 'EMPTY',
      priceCalculationRate: null,
    });
  });
});

describe('product', () => {
  const base = { name: 'Latte', barcode: '1001', quantity: 1, departmentId: 2, unit: 'each' };
  it('needs name, barcode, quantity, department and unit', () => {
    for (const key of Object.keys(base)) {
      const { [key as keyof typeof base]: _, ...rest } = base;
      expect(first(productInputSchema.safeParse(rest)), key).toBe(REQUIRED);
    }
  });
  it('has the spec defaults and clears barcode options under 12 digits', () => {
    const p = productInputSchema.parse({ ...base, barcodeType: 'WEIGHT', barcodeDigit: 2, codeLength: 6 });
    expect(p).toMatchObject({ status: 'ACTIVE', barcodeType: 'NORMAL', barcodeDigit: null, codeLength: null, productType: 'PRODUCT_LINE' });
    expect(p).toMatchObject({ rowNumber: 1000, colNo: 10, boxUnit: 'each', webEnabled: true, productTags: [] });
    const long = productInputSchema.parse({ ...base, barcode: '200000000001', barcodeType: 'WEIGHT', barcodeDigit: 3 });
    expect(long).toMatchObject({ barcodeType: 'WEIGHT', barcodeDigit: 3, codeLength: 7 });
  });
  it('refuses a non-numeric or long barcode and prices with more than 2 decimals', () => {
    expect(first(productInputSchema.safeParse({ ...base, barcode: '12ab' }))).toBe('The barcode can contain only digits, at most 14.');
    expect(first(productInputSchema.safeParse({ ...base, barcode: '123456789012345' }))).toBe('The barcode can contain only digits, at most 14.');
    expect(productInputSchema.safeParse({ ...base, price: 1.234 }).success).toBe(false);
  });
  it('keeps each tag once', () => {
    expect(productInputSchema.parse({ ...base, productTags: [3, 3, 4] }).productTags).toEqual([3, 4]);
  });
  it('stock: ADD_STOCK → DELIVERY, DROP_STOCK → EXPIRED, the amount required', () => {
    expect(productStockSchema.parse({ id: 1, stockOperation: 'ADD_STOCK', stock: 5 }).stockOperationReason).toBe('DELIVERY');
    expect(productStockSchema.parse({ id: 1, stockOperation: 'DROP_STOCK', stock: 5 }).stockOperationReason).toBe('EXPIRED');
    expect(productStockSchema.parse({ id: 1, stockOperation: 'COUNT_STOCK', stock: 5 }).stockOperationReason).toBeNull();
    expect(productStockSchema.parse({ id: 1, stockOperation: 'DROP_STOCK', stock: 5, stockOperationReason: 'DAMAGED' }).stockOperationReason).toBe('DAMAGED');
    expect(first(productStockSchema.safeParse({ id: 1, stockOperation: 'ADD_STOCK' }))).toBe(REQUIRED);
    expect(first(productStockSchema.safeParse({ id: 1, stock: 3 }))).toBe(REQUIRED);
  });
});

describe('product group, tag, supplier, device', () => {
  it('group: name, selection and pricing type required; no product twice', () => {
    const g = { name: 'Meal deal', selectionType: 'SINGLE', pricingType: 'SET_PRICE' };
    expect(first(productGroupInputSchema.safeParse({ ...g, name: '' }))).toBe(REQUIRED);
    expect(first(productGroupInputSchema.safeParse({ ...g, selectionType: undefined }))).toBe(REQUIRED);
    expect(first(productGroupInputSchema.safeParse({ ...g, pricingType: 'X' }))).toBe(REQUIRED);
    expect(first(productGroupInputSchema.safeParse({ ...g, products: [1, 2, 1] }))).toBe('A product can be in the group only once.');
    expect(productGroupInputSchema.parse({ ...g, products: [2, 1] })).toMatchObject({ status: 'ACTIVE', products: [2, 1], price: null });
  });
  it('tag: name and short name required', () => {
    expect(first(productTagInputSchema.safeParse({ name: 'Vegan' }))).toBe(REQUIRED);
    expect(first(productTagInputSchema.safeParse({ shortName: 'VG' }))).toBe(REQUIRED);
    expect(first(productTagInputSchema.safeParse({ name: 'Vegan', shortName: 'VG', tagColor: 'green' }))).toBe('Please choose a colour (#rrggbb).');
    expect(productTagInputSchema.parse({ name: 'Vegan', shortName: 'VG', tagColor: '#22aa44' })).toEqual({
      name: 'Vegan',
      shortName: 'VG',
      status: 'ACTIVE',
      tagColor: '#22aa44',
    });
  });
  it('supplier: name required, e-mail 5–255, a mobile number', () => {
    expect(first(supplierInputSchema.safeParse({}))).toBe(REQUIRED);
    expect(first(supplierInputSchema.safeParse({ name: 'Dairy', email: 'a@b' }))).toBe('Not Valid Email');
    expect(first(supplierInputSchema.safeParse({ name: 'Dairy', email: 'not an email' }))).toBe('Not Valid Email');
    expect(first(supplierInputSchema.safeParse({ name: 'Dairy', email: `${'a'.repeat(250)}@b.com` }))).toBe('Not Valid Email');
    expect(first(supplierInputSchema.safeParse({ name: 'Dairy', phone: '12345' }))).toBe('Not Valid Phone Number');
    expect(supplierInputSchema.parse({ name: 'Dairy', email: 'orders@dairy.co.uk', phone: '07700 900123' })).toEqual({
      name: 'Dairy',
      status: 'ACTIVE',
      email: 'orders@dairy.co.uk',
      phone: '(07700) 900123',
    });
    expect(supplierInputSchema.parse({ name: 'Dairy', email: '', phone: '' })).toMatchObject({ email: null, phone: null });
  });
  it('device: address and kind, port 9100 unless told', () => {
    expect(deviceInputSchema.parse({ name: 'Kitchen', networkAddress: '192.168.1.50', kind: 'KITCHEN' }).port).toBe(9100);
    expect(deviceInputSchema.parse({ name: 'Till', networkAddress: 'receipt-1.local', kind: 'RECEIPT', port: 9101 }).port).toBe(9101);
    expect(first(deviceInputSchema.safeParse({ name: 'K', networkAddress: '999.1.1.1', kind: 'KITCHEN' }))).toBe(
      'Please enter the printer address as an IPv4 address or a host name.',
    );
    expect(first(deviceInputSchema.safeParse({ name: 'K', networkAddress: '10.0.0.1', kind: 'KITCHEN', port: 70000 }))).toBe(
      'The port must be a whole number from 1 to 65535.',
    );
    expect(first(deviceInputSchema.safeParse({ name: 'K', networkAddress: '10.0.0.1' }))).toBe(REQUIRED);
  });
});
