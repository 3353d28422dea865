import { z } from 'zod';
import { MESSAGES } from './messages';
import { ACTION_REASONS, LICENSE_STATUSES, SERVICE_NAMES } from './enums';
import { idSchema, optionalText } from './fields';

export const VALID_DAYS_MAX = 100;

export const licenseStatusSchema = z.enum(LICENSE_STATUSES, { error: MESSAGES.requiredFields });
export const serviceNameSchema = z.enum(SERVICE_NAMES, { error: MESSAGES.requiredFields });
export const actionReasonSchema = z.enum(ACTION_REASONS, { error: MESSAGES.requiredFields });
export type LicenseStatus = z.infer<typeof licenseStatusSchema>;
export type ActionReason = z.infer<typeof actionReasonSchema>;

const licenceFields = z.object({
  serviceName: serviceNameSchema,
  licenseStatus: licenseStatusSchema,
  actionReason: actionReasonSchema,
  actionReasonDescription: optionalText(),
  /** Days a DEMO licence grants from its created date; 0 to 100, required for DEMO, cleared for the others. */
  validDays: z
    .number({ error: MESSAGES.validDaysRange })
    .int({ error: MESSAGES.validDaysRange })
    .min(0, { error: MESSAGES.validDaysRange })
    .max(VALID_DAYS_MAX, { error: MESSAGES.validDaysRange })
    .nullish(),
});

/** DEMO needs validDays (spec 1 §5). The server also clears validDays of any other status. */
const demoNeedsDays = <T extends { licenseStatus: LicenseStatus; validDays?: number | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.licenseStatus === 'DEMO' && (v.validDays === null || v.validDays === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['validDays'], message: MESSAGES.validDaysRequired });
  }
};

/** The licence dialog's fields (no branch, no id). */
export const licenceFieldsSchema = licenceFields.superRefine(demoNeedsDays);
/** POST merchant/license/create. */
export const licenceCreateSchema = licenceFields.extend({ merchantBranchId: idSchema }).superRefine(demoNeedsDays);
/** PUT merchant/license/update: a licence stays with its branch, so merchantBranchId is not read. */
export const licenceUpdateSchema = licenceFields.extend({ id: idSchema }).superRefine(demoNeedsDays);

export type LicenceFields = z.infer<typeof licenceFieldsSchema>;
export type LicenceCreate = z.infer<typeof licenceCreateSchema>;
export type LicenceUpdate = z.infer<typeof licenceUpdateSchema>;

/**
 * What the API returns. remainingDaysText is the server's: for DEMO '12 days' or '1 day' left
 * (counted from createdDate, rounded up), 'Expired' once they have run out; '' for other statuses.
 */
export const licenceSchema = z.object({
  id: z.number().int(),
  merchantBranchId: z.number().int(),
  serviceName: serviceNameSchema,
  licenseStatus: licenseStatusSchema,
  actionReason: actionReasonSchema,
  actionReasonDescription: z.string().nullable(),
  validDays: z.number().int().nullable(),
  createdDate: z.string(),
  updatedDate: z.string(),
  remainingDaysText: z.string(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const LICENCE_EXPIRED_TEXT = 'Expired';

/** A row of the licences page (PUT merchant/license/all): the licence with its branch's name and domain. */
export const licenceReportRowSchema = licenceSchema.extend({ branchName: z.string(), domainName: z.string() });
export type LicenceReportRow = z.infer<typeof licenceReportRowSchema>;

/** Report columns (branch name, domain, service, status, reason), all filterable and sortable. */
export const LICENCE_TABLE_COLUMNS = ['id', 'branchName', 'domainName', 'serviceName', 'licenseStatus', 'actionReason', 'validDays', 'createdDate'] as const;
