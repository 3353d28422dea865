import { z } from 'zod';
import { hexColourSchema } from './catalogue-fields';
import { statusSchema } from './enums';
import { requiredText } from './fields';

/** The tag table shows 10 rows (spec 2 §9). */
export const PRODUCT_TAG_PAGE_SIZE = 10;
/** Ours: a short name fits on a till button. */
export const SHORT_NAME_MAX = 20;

/** A product tag as saved (spec 2 §3, §5): name and shortName required; the image is uploaded after saving. */
export const productTagInputSchema = z.object({
  name: requiredText(),
  status: statusSchema.default('ACTIVE'),
  shortName: requiredText(SHORT_NAME_MAX, `You can enter up to ${SHORT_NAME_MAX} characters in this field.`),
  tagColor: hexColourSchema.nullish().transform((v) => v ?? null),
});
export type ProductTagInput = z.output<typeof productTagInputSchema>;
export type ProductTagForm = z.input<typeof productTagInputSchema>;

export const productTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: statusSchema,
  shortName: z.string(),
  tagColor: z.string().nullable(),
  /** Content type and name of the tag's image, null when there is none. */
  fileType: z.string().nullable(),
  fileName: z.string().nullable(),
  imageVersion: z.string().nullable(),
});
export type ProductTag = z.infer<typeof productTagSchema>;

export const PRODUCT_TAG_TABLE_COLUMNS = ['id', 'name', 'status', 'shortName', 'tagColor'] as const;
