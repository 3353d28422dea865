import { z } from 'zod';
import { statusSchema } from './enums';
import { requiredText } from './fields';
import { flagSchema, requiredRef } from './catalogue-fields';
import { MESSAGES } from './messages';
import { PRICE_CALCULATION_METHODS, isNoCalculation, optionalPercentSchema } from './price-calculator';

export const DEPARTMENT_MESSAGES = {
  rateRequired: 'Please fill the rate field!',
  /** Ours: a delete without a receiving department while products remain. */
  productsRemain: 'This department still has products. Choose a department to move them to.',
  /** Ours: the receiving department must be another one. */
  transferToItself: 'Choose another department to move the products to.',
} as const;

/** -1 in the transfer path: no receiving department (spec 2 §7). */
export const NO_DEPARTMENT = -1;

const flag = flagSchema.default(false);

/**
 * A department as saved (spec 2 §3). `tax` is the tax id. With no calculation method (EMPTY or
 * NO_CALCULATION) the rate is cleared; any other method requires it ('Please fill the rate field!').
 */
export const departmentInputSchema = z
  .object({
    name: requiredText(),
    status: statusSchema.default('ACTIVE'),
    tax: requiredRef,
    ageRestricted: flag,
    excludePromotion: flag,
    shelfEdgeLabelRequired: flag,
    excludeServiceCharge: flag,
    autoCreateMenu: flag,
    /** Percent, two decimals. */
    profitMargin: optionalPercentSchema,
    priceCalculationMethod: z.enum(PRICE_CALCULATION_METHODS, { error: MESSAGES.emptyValues }).nullish(),
    /** Percent for PERCENTAGE, pounds for AMOUNT; two decimals. */
    priceCalculationRate: optionalPercentSchema,
  })
  .superRefine((v, ctx) => {
    if (!isNoCalculation(v.priceCalculationMethod) && (v.priceCalculationRate === null || v.priceCalculationRate === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['priceCalculationRate'], message: DEPARTMENT_MESSAGES.rateRequired });
    }
  })
  .transform((v) => ({
    ...v,
    profitMargin: v.profitMargin ?? null,
    priceCalculationMethod: v.priceCalculationMethod ?? 'EMPTY',
    priceCalculationRate: isNoCalculation(v.priceCalculationMethod) ? null : (v.priceCalculationRate ?? null),
  }));
export type DepartmentInput = z.output<typeof departmentInputSchema>;
export type DepartmentForm = z.input<typeof departmentInputSchema>;

export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: statusSchema,
  tax: z.number().int(),
  /** The tax's rate in percent (reference list entries carry it, spec 2 §3). */
  taxRate: z.number(),
  taxName: z.string(),
  ageRestricted: z.boolean(),
  excludePromotion: z.boolean(),
  shelfEdgeLabelRequired: z.boolean(),
  excludeServiceCharge: z.boolean(),
  autoCreateMenu: z.boolean(),
  profitMargin: z.number().nullable(),
  priceCalculationMethod: z.enum(PRICE_CALCULATION_METHODS),
  priceCalculationRate: z.number().nullable(),
});
export type Department = z.infer<typeof departmentSchema>;

export const DEPARTMENT_TABLE_COLUMNS = ['id', 'name', 'status', 'taxName', 'taxRate', 'ageRestricted', 'excludePromotion', 'profitMargin'] as const;

/** Reply of DELETE {id}/transferDepartmentId/{otherId}: the deleted department and how many products moved. */
export const departmentTransferResultSchema = departmentSchema.extend({ movedProducts: z.number().int() });
export type DepartmentTransferResult = z.infer<typeof departmentTransferResultSchema>;
