import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { SmtpConfig } from '../config';
import type { Db } from '../db/open-db';
import { mailOutbox } from '../db/schema';

/** A file sent with a mail (e.g. a table export). */
export type MailAttachment = { fileName: string; contentType: string; content: Buffer };
export type Mail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };
export type MailTransport = { send(mail: Mail): Promise<void> };

/** Written in the caller's transaction, so a mail exists exactly when the change that caused it does. */
export async function enqueueMail(tx: Db, mail: Mail) {
  const attachments = mail.attachments?.map((a) => ({ fileName: a.fileName, contentType: a.contentType, base64: a.content.toString('base64') }));
  await tx.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    attachments: attachments?.length ? attachments : null,
  });
}

/**
 * `timeoutMs` bounds connecting, the greeting and each wait on the socket (a test send must not hang).
 * nodemailer (and the DNS and TLS modules it pulls in) loads on the first send, not at every start.
 */
export function smtpTransport(smtp: SmtpConfig, opts: { timeoutMs?: number } = {}): MailTransport {
  const timeouts = opts.timeoutMs ? { connectionTimeout: opts.timeoutMs, greetingTimeout: opts.timeoutMs, socketTimeout: opts.timeoutMs } : {};
  let transporter: Promise<Transporter> | undefined;
  const open = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      ignoreTLS: !smtp.secure && !smtp.user,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
      ...timeouts,
    });
  };
  return {
    async send(mail) {
      transporter ??= open();
      await (await transporter).sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })),
      });
    },
  };
}

/**
 * Delivers due mail with the transport in force for this batch: the source is asked each time, so
 * SMTP settings saved by an administrator apply without a restart. No transport: mail stays queued.
 */
export async function deliverDueMailWith(db: Db, source: () => Promise<MailTransport | null>, batch?: number) {
  const transport = await source();
  return transport ? deliverDueMail(db, transport, batch) : { sent: 0, failed: 0 };
}

const MAX_ATTEMPTS = 8;
const LEASE_MS = 5 * 60_000;
/** 30 s, 1 min, 2 min … capped at one hour. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Delivers due mail. Rows are claimed with FOR UPDATE SKIP LOCKED and leased before sending, so
 * several server instances never send the same mail, and a crash mid-send only delays it.
 */
export async function deliverDueMail(db: Db, transport: MailTransport, batch = 20): Promise<{ sent: number; failed: number }> {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      // By the database's clock, which stamped a new mail (the server's Date has only milliseconds:
      // a mail queued within the same millisecond looked not yet due).
      .where(and(inArray(mailOutbox.status, ['PENDING', 'SENDING']), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(mailOutbox)
      .set({ status: 'SENDING', attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(Date.now() + LEASE_MS) })
      .where(inArray(mailOutbox.id, due.map((d) => d.id)))
      .returning();
  });
  let sent = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      await transport.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        attachments: row.attachments?.map((a) => ({ fileName: a.fileName, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
      });
      await db.update(mailOutbox).set({ status: 'SENT', sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (err) {
      failed++;
      const giveUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'FAILED' : 'PENDING',
          lastError: String((err as Error).message ?? err).slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  return { sent, failed };
}
