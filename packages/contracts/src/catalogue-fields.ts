import { z } from 'zod';
import { MESSAGES } from './messages';

/** Field rules shared by the catalogue's shapes (departments, products, groups, tags, suppliers, devices). */

const ID_MAX = 2_147_483_647;

/** A required reference to another record by id (a department's tax, a product's department). */
export const requiredRef = z
  .number({ error: MESSAGES.requiredFields })
  .int({ error: MESSAGES.requiredFields })
  .positive({ error: MESSAGES.requiredFields })
  .max(ID_MAX, { error: MESSAGES.requiredFields });

/** An optional reference: empty is null. */
export const optionalRef = z
  .number({ error: MESSAGES.emptyValues })
  .int({ error: MESSAGES.emptyValues })
  .positive({ error: MESSAGES.emptyValues })
  .max(ID_MAX, { error: MESSAGES.emptyValues })
  .nullish()
  .transform((v) => v ?? null);

/** A whole number in a range (stock levels, screen positions); empty is null. */
export const optionalCount = (min: number, max: number) =>
  z
    .number({ error: MESSAGES.emptyValues })
    .int({ error: MESSAGES.emptyValues })
    .min(min, { error: MESSAGES.emptyValues })
    .max(max, { error: MESSAGES.emptyValues })
    .nullish()
    .transform((v) => v ?? null);

export const flagSchema = z.boolean({ error: MESSAGES.emptyValues });

/** A colour as the colour pickers give it: '#rrggbb'. */
export const hexColourSchema = z
  .string({ error: MESSAGES.emptyValues })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Please choose a colour (#rrggbb).' });
