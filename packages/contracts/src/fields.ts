import { z } from 'zod';
import { MESSAGES } from './messages';

/** Shared field rules, so every form and every route uses the same limits and words. */
export const TEXT_MAX = 255;
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;

/**
 * Text PostgreSQL cannot store (a NUL character) or that is not well-formed Unicode (a lone surrogate
 * half): refused as bad input, never passed on to the database or an encoder.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (s: string) => !s.includes('\0') && !LONE_SURROGATE.test(s);

/** A required text field: blank gives the required-fields warning, too long the 255 message. */
export const requiredText = (max = TEXT_MAX, maxMessage: string = MESSAGES.maxText) =>
  z
    .string({ error: MESSAGES.requiredFields })
    .trim()
    .min(1, { error: MESSAGES.requiredFields })
    .max(max, { error: maxMessage })
    .refine(isStorableText, { error: MESSAGES.invalidCharacters });

export const optionalText = (max = TEXT_MAX, maxMessage: string = MESSAGES.maxText) =>
  z.string({ error: MESSAGES.maxText }).trim().max(max, { error: maxMessage }).refine(isStorableText, { error: MESSAGES.invalidCharacters }).nullish();

export const ID_MAX = 2147483647;
/** An id as a path segment spells it: digits only, no sign, no leading zero, no spaces, no hex. */
export const ID_TEXT = /^[1-9][0-9]{0,15}$/;
/**
 * A record id: a positive 32-bit integer, given as a JSON number or (in a path) as its plain digits.
 * Nothing else is coerced: `true`, `[5]`, `"0x5"` and `" 5 "` are refused, so no value addresses a
 * record it does not name.
 */
export const idSchema = z
  .union([z.number(), z.string().regex(ID_TEXT).transform(Number)], { error: MESSAGES.emptyValues })
  .pipe(z.number().int({ error: MESSAGES.emptyValues }).positive({ error: MESSAGES.emptyValues }).max(ID_MAX, { error: MESSAGES.emptyValues }));
export const idParamsSchema = z.object({ id: idSchema });

export const strongPassword = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .max(TEXT_MAX, { error: MESSAGES.passwordMax })
  .regex(PASSWORD_RULE, { error: MESSAGES.passwordWeak });

export const emailSchema = z
  .string({ error: MESSAGES.requiredFields })
  .trim()
  .min(5, { error: MESSAGES.notValidEmail })
  .max(TEXT_MAX, { error: MESSAGES.notValidEmail })
  .email({ error: MESSAGES.notValidEmail });
