import { z } from 'zod';
import { statusSchema } from './enums';
import { idSchema, optionalText } from './fields';

/**
 * A till's credentials. The server makes clientId and clientSecret: the secret (256 random bits)
 * is shown once, in the create reply, and stored only as a hash; updates never change either.
 */
export const credentialFieldsSchema = z.object({
  description: optionalText(),
  masterDevice: z.boolean().default(false),
  orderDevice: z.boolean().default(false),
  locked: z.boolean().default(false),
  status: statusSchema.default('ACTIVE'),
});
/** POST merchant/credentials/create. */
export const credentialCreateSchema = credentialFieldsSchema.extend({ merchantBranchId: idSchema });
/** PUT merchant/credentials/update (clientId, clientSecret and merchantBranchId are not read). */
export const credentialUpdateSchema = credentialFieldsSchema.extend({ id: idSchema });

export type CredentialFields = z.infer<typeof credentialFieldsSchema>;
export type CredentialCreate = z.infer<typeof credentialCreateSchema>;
export type CredentialUpdate = z.infer<typeof credentialUpdateSchema>;

export const credentialSchema = z.object({
  id: z.number().int(),
  merchantBranchId: z.number().int(),
  clientId: z.string(),
  description: z.string().nullable(),
  masterDevice: z.boolean(),
  orderDevice: z.boolean(),
  locked: z.boolean(),
  status: statusSchema,
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type Credential = z.infer<typeof credentialSchema>;

/** The create reply only: the record plus the secret in full, never shown again. */
export const credentialCreatedSchema = credentialSchema.extend({ clientSecret: z.string() });
export type CredentialCreated = z.infer<typeof credentialCreatedSchema>;

/** Columns the credentials table may filter and sort on. */
export const CREDENTIAL_TABLE_COLUMNS = ['id', 'clientId', 'description', 'masterDevice', 'orderDevice', 'locked', 'status', 'createdDate'] as const;
