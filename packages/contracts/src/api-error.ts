import { z } from 'zod';
import { NOTICE_TYPES } from './enums';

/** The body of every failure: a `type` marks it as a notice/error, `details` is the human message. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const apiErrorSchema = z.object({
  type: z.enum(NOTICE_TYPES),
  details: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

export { isApiError } from './notice';
