import { z } from 'zod';
import { BARCODE_DIGITS, BARCODE_OPTIONS_FROM, BARCODE_TYPES, CODE_LENGTHS, DEFAULT_CODE_LENGTH, barcodeSchema } from './barcode';
import { flagSchema, optionalCount, optionalRef, requiredRef } from './catalogue-fields';
import { statusSchema } from './enums';
import { idSchema, optionalText, requiredText } from './fields';
import { MESSAGES } from './messages';
import { moneySchema, optionalMoneySchema, optionalPercentSchema } from './price-calculator';

export const PRODUCT_MESSAGES = {
  confirmDelete: 'The product will be deleted. Do you want to continue?',
  selectProduct: 'Select a product!',
  maxUpload: 'Maximum upload size is 50K.',
  /** Ours: the spec says "image files only" without words. */
  imagesOnly: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
  /** Ours: at most this many tags on a product. */
  tooManyTags: 'A product can have at most 20 tags.',
  /** Ours: the stock amount of a stock operation. */
  stockRequired: 'Please fill the required fields!',
} as const;

/** Product images (spec 2 §9): image files only, each at most 50,000 bytes. */
export const PRODUCT_IMAGE_MAX_BYTES = 50_000;
/** The two images of a product (and the tag image uses WEB): the `{type}` of the generic image calls. */
export const PRODUCT_IMAGE_TYPES = ['WEB', 'TILL'] as const;
export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

/** Value lists the spec leaves out (spec 2 §3 "not shown in full"); these are ours. */
export const PRODUCT_TYPES = ['PRODUCT_LINE', 'CONDIMENT', 'SET_MENU', 'SERVICE'] as const;
export const UNITS = ['each', 'kg', 'g', 'lb', 'litre', 'ml', 'box', 'pack'] as const;
export const DEFAULT_UNIT = 'each';
/** ADD_STOCK adds, DROP_STOCK takes away, COUNT_STOCK sets the level found by a stock take. */
export const STOCK_OPERATIONS = ['ADD_STOCK', 'DROP_STOCK', 'COUNT_STOCK'] as const;
export type StockOperation = (typeof STOCK_OPERATIONS)[number];
export const STOCK_REASONS = ['DELIVERY', 'EXPIRED', 'DAMAGED', 'RETURNED', 'STOCK_TAKE', 'OTHER'] as const;
/** Spec 2 §4: picking ADD_STOCK sets the reason to DELIVERY, DROP_STOCK to EXPIRED, otherwise empty. */
export const defaultStockReason = (op: string | null | undefined): (typeof STOCK_REASONS)[number] | null =>
  op === 'ADD_STOCK' ? 'DELIVERY' : op === 'DROP_STOCK' ? 'EXPIRED' : null;

/** Spec 2 §9 defaults. */
export const PRODUCT_DEFAULTS = { quantity: 1, rowNumber: 1000, colNo: 10, codeLength: DEFAULT_CODE_LENGTH, boxUnit: DEFAULT_UNIT, productType: 'PRODUCT_LINE' } as const;
/** The tag selector shows at most this many labels (spec 2 §9). */
export const TAG_LABELS_SHOWN = 4;
export const MAX_PRODUCT_TAGS = 20;
const STOCK_LIMIT = 1_000_000_000;

/**
 * A product as saved (spec 2 §3). Required: name, barcode, quantity, department, unit ('Please fill
 * the required fields!'). `tax` is the tax id; when empty the department's tax applies. Derived
 * fields (unit cost, actual margin, retail price, image names, stock level) are not input: the
 * server computes them with the shared calculator and the stock call.
 */
export const productInputSchema = z
  .object({
    name: requiredText(),
    status: statusSchema.default('ACTIVE'),
    barcode: barcodeSchema,
    barcodeType: z.enum(BARCODE_TYPES, { error: MESSAGES.emptyValues }).nullish(),
    barcodeDigit: z
      .number({ error: MESSAGES.emptyValues })
      .refine((n) => (BARCODE_DIGITS as readonly number[]).includes(n), { error: MESSAGES.emptyValues })
      .nullish(),
    codeLength: z
      .number({ error: MESSAGES.emptyValues })
      .refine((n) => (CODE_LENGTHS as readonly number[]).includes(n), { error: MESSAGES.emptyValues })
      .nullish(),
    departmentId: requiredRef,
    tax: optionalRef,
    price: optionalMoneySchema,
    oldPrice: optionalMoneySchema,
    webPrice: optionalMoneySchema,
    price2: optionalMoneySchema,
    price3: optionalMoneySchema,
    unit: z.enum(UNITS, { error: MESSAGES.requiredFields }),
    quantity: z
      .number({ error: MESSAGES.requiredFields })
      .int({ error: MESSAGES.requiredFields })
      .positive({ error: MESSAGES.requiredFields })
      .max(1_000_000, { error: MESSAGES.requiredFields }),
    weighable: flagSchema.default(false),
    allowZeroPrice: flagSchema.default(false),
    allowNegativePrice: flagSchema.default(false),
    productType: z.enum(PRODUCT_TYPES, { error: MESSAGES.emptyValues }).default('PRODUCT_LINE'),
    productTags: z
      .array(idSchema, { error: MESSAGES.emptyValues })
      .max(MAX_PRODUCT_TAGS, { error: PRODUCT_MESSAGES.tooManyTags })
      .default([])
      .transform((ids) => [...new Set(ids)]),
    minStock: optionalCount(0, STOCK_LIMIT),
    maxStock: optionalCount(0, STOCK_LIMIT),
    supplierId: optionalRef,
    countryId: optionalRef,
    productClassId: optionalRef,
    description: optionalText(),
    rowNumber: z.number({ error: MESSAGES.emptyValues }).int().min(0).max(100_000).default(PRODUCT_DEFAULTS.rowNumber),
    colNo: z.number({ error: MESSAGES.emptyValues }).int().min(0).max(100_000).default(PRODUCT_DEFAULTS.colNo),
    costPrice: optionalMoneySchema,
    boxQuantity: optionalCount(0, 1_000_000),
    boxUnit: z.enum(UNITS, { error: MESSAGES.emptyValues }).default(DEFAULT_UNIT),
    /** Percent, two decimals; empty takes the department's when the department is chosen. */
    profitMargin: optionalPercentSchema,
    boxPrice: optionalMoneySchema,
    webEnabled: flagSchema.default(true),
  })
  .transform((v) => {
    // Spec 2 §4: a barcode shorter than 12 characters is NORMAL, with no digit or code length.
    const long = v.barcode.length >= BARCODE_OPTIONS_FROM;
    return {
      ...v,
      barcodeType: long ? (v.barcodeType ?? 'NORMAL') : 'NORMAL',
      barcodeDigit: long ? (v.barcodeDigit ?? null) : null,
      codeLength: long ? (v.codeLength ?? DEFAULT_CODE_LENGTH) : null,
      price: v.price ?? null,
      oldPrice: v.oldPrice ?? null,
      webPrice: v.webPrice ?? null,
      price2: v.price2 ?? null,
      price3: v.price3 ?? null,
      description: v.description ?? null,
      costPrice: v.costPrice ?? null,
      profitMargin: v.profitMargin ?? null,
      boxPrice: v.boxPrice ?? null,
    };
  });
export type ProductInput = z.output<typeof productInputSchema>;
export type ProductForm = z.input<typeof productInputSchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: statusSchema,
  barcode: z.string(),
  barcodeType: z.enum(BARCODE_TYPES),
  barcodeDigit: z.number().int().nullable(),
  codeLength: z.number().int().nullable(),
  departmentId: z.number().int(),
  departmentName: z.string(),
  /** The department's margin, always kept for comparison (spec 2 §4). */
  departmentProfitMargin: z.number().nullable(),
  departmentTaxId: z.number().int(),
  departmentExcludePromotion: z.boolean(),
  tax: z.number().int().nullable(),
  /** The rate that applies: the product's tax, else the department's (percent). */
  taxRate: z.number(),
  price: z.number().nullable(),
  oldPrice: z.number().nullable(),
  webPrice: z.number().nullable(),
  price2: z.number().nullable(),
  price3: z.number().nullable(),
  unit: z.string(),
  quantity: z.number().int(),
  weighable: z.boolean(),
  allowZeroPrice: z.boolean(),
  allowNegativePrice: z.boolean(),
  productType: z.enum(PRODUCT_TYPES),
  /** Content type and file name of the web image, null when there is none. */
  fileType: z.string().nullable(),
  fileName: z.string().nullable(),
  fileTypeTill: z.string().nullable(),
  fileNameTill: z.string().nullable(),
  /** Changes whenever an image does: add it to the image address so a browser fetches the new one. */
  imageVersion: z.string().nullable(),
  imageVersionTill: z.string().nullable(),
  productTags: z.array(z.number().int()),
  /** The mix and match offer the product is in; null until that area exists. */
  mixAndMatchName: z.string().nullable(),
  minStock: z.number().int().nullable(),
  maxStock: z.number().int().nullable(),
  currentStock: z.number().int(),
  supplierId: z.number().int().nullable(),
  countryId: z.number().int().nullable(),
  productClassId: z.number().int().nullable(),
  description: z.string().nullable(),
  rowNumber: z.number().int(),
  colNo: z.number().int(),
  costPrice: z.number().nullable(),
  boxQuantity: z.number().int().nullable(),
  boxUnit: z.string(),
  profitMargin: z.number().nullable(),
  boxPrice: z.number().nullable(),
  unitCost: z.number().nullable(),
  actualMargin: z.number().nullable(),
  retailPrice: z.number().nullable(),
  webEnabled: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

/** Columns the product table load may filter and sort on. */
export const PRODUCT_TABLE_COLUMNS = [
  'id',
  'name',
  'status',
  'barcode',
  'departmentId',
  'departmentName',
  'price',
  'webPrice',
  'currentStock',
  'productType',
  'webEnabled',
] as const;

/** GET storemanagement/product/menu and the autocomplete: the few fields a picker needs. */
export const productOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  longname: z.string(),
  barcode: z.string(),
  price: z.number().nullable(),
  status: statusSchema,
  departmentExcludePromotion: z.boolean(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;
/** Autocomplete replies with at most this many products, best matches first. */
export const AUTOCOMPLETE_LIMIT = 20;
/** The UI waits this long after the last key before asking (spec 2 §9). */
export const AUTOCOMPLETE_DELAY_MS = 250;

/**
 * PUT storemanagement/product/stock (spec 2 §2 stock mode): the product's id, the operation, its
 * reason (DELIVERY for ADD_STOCK and EXPIRED for DROP_STOCK when left empty), the amount and the
 * optional min/max levels. Replies with the saved product.
 */
export const productStockSchema = z
  .object({
    id: idSchema,
    stockOperation: z.enum(STOCK_OPERATIONS, { error: MESSAGES.requiredFields }),
    stockOperationReason: z.enum(STOCK_REASONS, { error: MESSAGES.emptyValues }).nullish(),
    stock: z
      .number({ error: MESSAGES.requiredFields })
      .int({ error: MESSAGES.requiredFields })
      .min(0, { error: MESSAGES.requiredFields })
      .max(STOCK_LIMIT, { error: MESSAGES.requiredFields }),
    minStock: optionalCount(0, STOCK_LIMIT),
    maxStock: optionalCount(0, STOCK_LIMIT),
  })
  .transform((v) => ({ ...v, stockOperationReason: v.stockOperationReason ?? defaultStockReason(v.stockOperation) }));
export type ProductStockInput = z.output<typeof productStockSchema>;

/** A recorded stock change (kept for the till sync and the audit of stock). */
export const stockEventSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  stockOperation: z.enum(STOCK_OPERATIONS),
  stockEventReason: z.string().nullable(),
  quantity: z.number().int(),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  createdDate: z.string(),
});

/**
 * POST storemanagement/product/calculate/webprice: the product as the form holds it; only the till
 * price and the department matter. The reply is the web price (pounds).
 */
export const webPriceRequestSchema = z.object({
  price: moneySchema,
  departmentId: requiredRef,
});
export const webPriceResponseSchema = z.number();

/** GET product/hasImage/barcode/{barcode}/name/{name} (public). */
export const hasImageResponseSchema = z.boolean();
