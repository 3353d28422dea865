import { z } from 'zod';
import { MESSAGES } from './messages';

/** Texts of the Page Settings tab (spec 1 §5 and §8). */
export const PAGE_SETTINGS_MESSAGES = {
  imagesRequired: 'Please fill the Header Web Image, Header Mobile Image and Logo!',
  maxUpload: 'Maximum upload size is 5MB.',
  /** The spec says "image files only" without a message; this one is ours. */
  imagesOnly: 'Please choose an image file (PNG, JPEG, GIF or WebP).',
  serviceUnavailable: MESSAGES.serviceUnavailable,
} as const;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The three images of a branch, as the upload `types` text and the image paths name them. */
export const PAGE_IMAGE_TYPES = ['HEADER', 'MOBILE', 'LOGO'] as const;
export type PageImageType = (typeof PAGE_IMAGE_TYPES)[number];

/** Labels, the multipart field names of the create call, and the sizes the labels advise (spec 1 §5). */
export const PAGE_IMAGES: Record<PageImageType, { label: string; field: 'header' | 'mobile' | 'logo'; width: number; height: number }> = {
  HEADER: { label: 'Header Web Image', field: 'header', width: 1900, height: 360 },
  MOBILE: { label: 'Header Mobile Image', field: 'mobile', width: 400, height: 300 },
  LOGO: { label: 'Logo', field: 'logo', width: 90, height: 90 },
};

/** The image formats accepted (checked on the content, not the name); SVG is refused because it can carry script. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const PAGE_SETTINGS_PATHS = {
  base: 'merchant/pagesettings/',
  /** POST multipart: `data` (JSON of pageSettingsDataSchema) and files `header`, `mobile`, `logo`, all three required. */
  create: 'merchant/pagesettings/',
  /** PUT multipart: `data` (JSON of pageSettingsUpdateDataSchema), optionally files `header`, `mobile`, `logo` to replace. */
  update: (id: number) => `merchant/pagesettings/${id}`,
  /** PUT multipart: file entries in the order of `types`, e.g. 'HEADER;LOGO;' (or fields named header/mobile/logo). */
  upload: (id: number) => `merchant/pagesettings/document/upload/${id}`,
  /** GET (admin): the file as an attachment. */
  download: (id: number, type: PageImageType) => `merchant/pagesettings/document/download/${id}/${type}`,
  /** GET, public (the storefront shows it): the image, with an ETag. */
  image: (id: number, type: PageImageType) => `merchant/pagesettings/image/${id}/${type}`,
  byBranch: (branchId: number) => `merchant/pagesettings/merchantBranchId/${branchId}`,
  /** GET before an upload; fails with 'service Unavailable!'. */
  checkHealth: 'merchant/pagesettings/checkHealth',
} as const;

/** Order display zoom (spec 2 §3, default 2). */
export const displayMemberZoomSchema = z.number({ error: MESSAGES.emptyValues }).int().min(1).max(5);

/** The `data` part of the create call. */
export const pageSettingsDataSchema = z.object({
  merchantBranchId: z.number({ error: MESSAGES.requiredFields }).int().positive(),
  displayMemberZoom: displayMemberZoomSchema.optional(),
});
export type PageSettingsData = z.infer<typeof pageSettingsDataSchema>;

/** The `data` part of the update call; merchantBranchId may be sent but a row never moves to another branch. */
export const pageSettingsUpdateDataSchema = z.object({
  merchantBranchId: z.number().int().positive().optional(),
  displayMemberZoom: displayMemberZoomSchema.optional(),
});
export type PageSettingsUpdateData = z.infer<typeof pageSettingsUpdateDataSchema>;

export const pageImageSchema = z.object({
  fileName: z.string(),
  fileType: z.string(),
  size: z.number().int(),
  /** Changes whenever the image does: add it to the image address to skip a stale browser copy. */
  version: z.string(),
});
export type PageImage = z.infer<typeof pageImageSchema>;

export const pageSettingsSchema = z.object({
  /** null until the branch's page settings are first created. */
  id: z.number().int().nullable(),
  merchantBranchId: z.number().int(),
  displayMemberZoom: z.number().int(),
  header: pageImageSchema.nullable(),
  mobile: pageImageSchema.nullable(),
  logo: pageImageSchema.nullable(),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;

export const healthSchema = z.object({ status: z.literal('UP') });
