import { and, eq, ne, notLike } from 'drizzle-orm';
import { type MailSettings, PLATFORM_MAIL_BRANCH_ID } from '@tillpoint/contracts/mail-settings';
import type { SmtpConfig } from '../../config';
import type { Db } from '../../db/open-db';
import { mailSettings } from '../../db/schema';
import { seal, unseal } from '../../platform/crypto';

export type MailSettingsRow = typeof mailSettings.$inferSelect;
export type MailSettingsValues = {
  merchantBranchId: number;
  to: string | null;
  from: string;
  host: string;
  port: number;
  userName: string;
  /** null on update: keep the stored password. */
  password: string | null;
};

export async function findMailSettingsByBranch(db: Db, merchantBranchId: number): Promise<MailSettingsRow | undefined> {
  const [row] = await db.select().from(mailSettings).where(eq(mailSettings.merchantBranchId, merchantBranchId));
  return row;
}

export async function findMailSettingsById(db: Db, id: number): Promise<MailSettingsRow | undefined> {
  const [row] = await db.select().from(mailSettings).where(eq(mailSettings.id, id));
  return row;
}

const columns = (v: MailSettingsValues) => ({
  merchantBranchId: v.merchantBranchId,
  toAddress: v.to,
  fromAddress: v.from,
  host: v.host,
  port: v.port,
  userName: v.userName,
  // The password is kept encrypted (platform/crypto.ts): the server must read it back to send mail.
  ...(v.password ? { password: seal(v.password) } : {}),
});

export async function insertMailSettings(db: Db, v: MailSettingsValues & { password: string }): Promise<MailSettingsRow> {
  const [row] = await db
    .insert(mailSettings)
    .values({ ...columns(v), password: seal(v.password) })
    .returning();
  return row;
}

export async function updateMailSettings(db: Db, id: number, v: MailSettingsValues): Promise<MailSettingsRow | undefined> {
  const [row] = await db
    .update(mailSettings)
    .set({ ...columns(v), updatedDate: new Date() })
    .where(eq(mailSettings.id, id))
    .returning();
  return row;
}

/** The browser's shape: never the password. */
export function mailSettingsRecord(row: MailSettingsRow): MailSettings {
  return {
    id: row.id,
    merchantBranchId: row.merchantBranchId,
    to: row.toAddress,
    from: row.fromAddress,
    host: row.host,
    port: row.port,
    userName: row.userName,
    hasPassword: row.password.length > 0,
  };
}

export const emptyMailSettings = (merchantBranchId: number): MailSettings => ({
  id: null,
  merchantBranchId,
  to: null,
  from: '',
  host: '',
  port: null,
  userName: '',
  hasPassword: false,
});

/** SMTP over TLS from the start on port 465; on any other port plain SMTP (upgraded with STARTTLS when the server offers it). */
export const smtpConfigOf = (row: MailSettingsRow): SmtpConfig => ({
  host: row.host,
  port: row.port,
  secure: row.port === 465,
  user: row.userName,
  pass: unseal(row.password),
  from: row.fromAddress,
});

/** The platform's own SMTP settings (merchantBranchId -1), which the mail outbox delivers with when saved. */
export async function platformSmtpConfig(db: Db): Promise<SmtpConfig | null> {
  const row = await findMailSettingsByBranch(db, PLATFORM_MAIL_BRANCH_ID);
  return row ? smtpConfigOf(row) : null;
}

/** Start-up step: passwords saved before encryption at rest existed are encrypted in place. */
export async function sealStoredMailPasswords(db: Db): Promise<number> {
  const rows = await db
    .select({ id: mailSettings.id, password: mailSettings.password })
    .from(mailSettings)
    .where(and(ne(mailSettings.password, ''), notLike(mailSettings.password, 'enc:v1:%')));
  for (const r of rows) await db.update(mailSettings).set({ password: seal(r.password) }).where(eq(mailSettings.id, r.id));
  return rows.length;
}
