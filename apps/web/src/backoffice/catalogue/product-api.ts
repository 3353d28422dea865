import { PATHS } from '@tillpoint/contracts/api-paths';
import type { generatedBarcodeSchema } from '@tillpoint/contracts/barcode';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { z } from 'zod';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { warn } from '../../shared/toast-bus';

/** GET barcode/generate: a new EAN-13 unused in the store; null when refused (the toast said why). */
export async function generateBarcode(): Promise<string | null> {
  const r = await api.get<z.infer<typeof generatedBarcodeSchema>>(PATHS.product.generateBarcode);
  return notify(r, { suppressSuccess: true }) && r.ok ? r.body.barcode : null;
}

/**
 * POST calculate/webprice (spec 2 §7): the web price of a till price under its department's
 * calculation method. Both are needed first ('Please fill the required fields!').
 */
export async function calculateWebPrice(price: number | null | undefined, departmentId: number | null | undefined): Promise<number | null> {
  if (price === null || price === undefined || Number.isNaN(price) || !departmentId) {
    warn(MESSAGES.requiredFields);
    return null;
  }
  const r = await api.post<number>(PATHS.product.calculateWebPrice, { price, departmentId });
  return notify(r, { suppressSuccess: true }) && r.ok ? r.body : null;
}
