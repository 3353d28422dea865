import { z } from 'zod';
import { MESSAGES } from './messages';

/** POST till/auth: a till trades its credential for a short-lived access token (JWT, typ 'till'). */
export const tillAuthRequestSchema = z.object({
  clientId: z.string({ error: MESSAGES.requiredFields }).trim().min(1, { error: MESSAGES.requiredFields }).max(255, { error: MESSAGES.maxText }),
  clientSecret: z.string({ error: MESSAGES.requiredFields }).min(1, { error: MESSAGES.requiredFields }).max(255, { error: MESSAGES.maxText }),
});
export type TillAuthRequest = z.infer<typeof tillAuthRequestSchema>;

export const tillTokenSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expireDate: z.string(),
  merchantAccountId: z.number().int(),
  merchantBranchId: z.number().int(),
  masterDevice: z.boolean(),
  orderDevice: z.boolean(),
});
export type TillToken = z.infer<typeof tillTokenSchema>;

/** A row of the till connections page (read-only): storeName is the branch's trading name. */
export const tillConnectionSchema = z.object({
  id: z.number().int(),
  merchantAccountId: z.number().int(),
  merchantBranchId: z.number().int(),
  credentialId: z.number().int(),
  clientId: z.string(),
  description: z.string().nullable(),
  storeName: z.string(),
  domainName: z.string(),
  lastConnectedDate: z.string(),
  locked: z.boolean(),
});
export type TillConnection = z.infer<typeof tillConnectionSchema>;

export const TILL_CONNECTION_TABLE_COLUMNS = ['id', 'storeName', 'domainName', 'clientId', 'description', 'lastConnectedDate', 'locked'] as const;
