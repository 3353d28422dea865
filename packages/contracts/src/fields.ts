import { z } from 'zod';
import { MESSAGES } from './messages';

/** Shared field rules, so every form and every route uses the same limits and words. */
export const TEXT_MAX = 255;
export const PASSWORD_RULE = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z]).{8,}$/;

/** A required text field: blank gives the required-fields warning, too long the 255 message. */
export const requiredText = (max = TEXT_MAX, maxMessage: string = MESSAGES.maxText) =>
  z
    .string({ error: MESSAGES.requiredFields })
    .trim()
    .min(1, { error: MESSAGES.requiredFields })
    .max(max, { error: maxMessage });

export const optionalText = (max = TEXT_MAX, maxMessage: string = MESSAGES.maxText) =>
  z.string({ error: MESSAGES.maxText }).trim().max(max, { error: maxMessage }).nullish();

export const idSchema = z.coerce.number({ error: MESSAGES.emptyValues }).int().positive().max(2147483647);
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
