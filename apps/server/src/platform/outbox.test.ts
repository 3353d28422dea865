import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenDb } from '../db/open-db';
import { mailOutbox } from '../db/schema';
import { engine, openTestDb } from '../test/harness';
import { startSmtp } from '../test/smtp';
import { type Mail, type MailTransport, deliverDueMail, enqueueMail, smtpTransport } from './outbox';

const rowsOf = async (o: OpenDb) => o.db.select().from(mailOutbox).orderBy(mailOutbox.id);
const mail = (n: number): Mail => ({ to: `guest${n}@example.com`, subject: `Your order ${n}`, text: `Hello guest ${n}, your order is ready.` });

let o: OpenDb;
beforeAll(async () => {
  o = await openTestDb();
});
afterAll(() => o.close());
beforeEach(async () => {
  await o.db.execute(sql`truncate mail_outbox restart identity`);
});

describe('mail outbox over SMTP', () => {
  it('delivers a queued mail to the SMTP server and marks it SENT', async () => {
    const smtp = await startSmtp();
    try {
      await enqueueMail(o.db, { to: 'owner@demo-bistro.local', subject: 'Reset Password', text: 'Open this link to choose a new password.' });
      const result = await deliverDueMail(o.db, smtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'x@y' }));
      expect(result).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received).toHaveLength(1);
      const [got] = smtp.received;
      expect(got.from).toBe('x@y');
      expect(got.to).toEqual(['owner@demo-bistro.local']);
      expect(got.raw).toMatch(/^Subject: Reset Password\r?$/m);
      expect(got.raw).toMatch(/^To: owner@demo-bistro\.local\r?$/m);
      expect(got.raw).toContain('Open this link to choose a new password.');
      const [row] = await rowsOf(o);
      expect(row).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      // Sent mail is not sent again.
      expect(await deliverDueMail(o.db, smtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'x@y' }))).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.stop();
    }
  });

  it('keeps the mail when SMTP is down and sends it once SMTP is back', async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.stop();
    const transport = smtpTransport({ host: '127.0.0.1', port, secure: false, from: 'x@y' });
    await enqueueMail(o.db, mail(1));

    const before = Date.now();
    expect(await deliverDueMail(o.db, transport)).toEqual({ sent: 0, failed: 1 });
    const [failed] = await rowsOf(o);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(before + 20_000);
    // Not due yet: a run now does not touch it.
    expect(await deliverDueMail(o.db, transport)).toEqual({ sent: 0, failed: 0 });

    const back = await startSmtp();
    try {
      await o.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      expect(await deliverDueMail(o.db, smtpTransport({ host: '127.0.0.1', port: back.port, secure: false, from: 'x@y' }))).toEqual({ sent: 1, failed: 0 });
      expect(back.received.map((r) => r.to)).toEqual([['guest1@example.com']]);
      const [row] = await rowsOf(o);
      expect(row).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    } finally {
      await back.stop();
    }
  });

  // PGlite runs in this process: its clock is the one faked here, so the two cannot differ there.
  it.runIf(engine === 'postgres')('judges a mail due by the database clock that stamped it, not the server clock (milliseconds, or a little behind)', async () => {
    await enqueueMail(o.db, mail(1));
    const [row] = await rowsOf(o);
    // The server's clock a millisecond before the row's stamp: as when the claim runs in the same
    // millisecond as the enqueue (Date has no microseconds), or on a host whose clock lags the database's.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(row.nextAttemptAt.getTime() - 1);
      const sent: Mail[] = [];
      expect(await deliverDueMail(o.db, { send: async (m) => void sent.push(m) })).toEqual({ sent: 1, failed: 0 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('retries a recipient the server refuses, and gives up after the last attempt', async () => {
    const smtp = await startSmtp({ refuse: 'nobody@example.com' });
    try {
      const transport = smtpTransport({ host: '127.0.0.1', port: smtp.port, secure: false, from: 'x@y' });
      await enqueueMail(o.db, { to: 'nobody@example.com', subject: 'Hello', text: 'Hello' });
      expect(await deliverDueMail(o.db, transport)).toEqual({ sent: 0, failed: 1 });
      const [row] = await rowsOf(o);
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(row.lastError).toContain('No such user here');

      await o.db.update(mailOutbox).set({ attempts: 7, nextAttemptAt: new Date(Date.now() - 1000) });
      expect(await deliverDueMail(o.db, transport)).toEqual({ sent: 0, failed: 1 });
      const [last] = await rowsOf(o);
      expect(last).toMatchObject({ status: 'FAILED', attempts: 8 });
      await o.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      expect(await deliverDueMail(o.db, transport)).toEqual({ sent: 0, failed: 0 });
      expect(smtp.received).toEqual([]);
    } finally {
      await smtp.stop();
    }
  });

  it('sends a mail whose sender crashed mid-send once its lease has run out', async () => {
    await enqueueMail(o.db, mail(1));
    await o.db.update(mailOutbox).set({ status: 'SENDING', attempts: 1, nextAttemptAt: new Date(Date.now() + 60_000) });
    const sent: Mail[] = [];
    const transport: MailTransport = { send: async (m) => void sent.push(m) };
    expect(await deliverDueMail(o.db, transport)).toEqual({ sent: 0, failed: 0 });
    await o.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await deliverDueMail(o.db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(sent.map((m) => m.to)).toEqual(['guest1@example.com']);
  });

  it('two workers running at once never send the same mail twice', async () => {
    const count = 30;
    for (let n = 1; n <= count; n++) await enqueueMail(o.db, mail(n));
    const sends: string[] = [];
    const transport: MailTransport = {
      async send(m) {
        sends.push(m.to);
        await sleep(5);
      },
    };
    // Each worker takes small batches until nothing is due, so their claims interleave.
    const worker = async () => {
      let total = 0;
      for (;;) {
        const r = await deliverDueMail(o.db, transport, 4);
        if (r.sent + r.failed === 0) return total;
        total += r.sent;
      }
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a + b).toBe(count);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    expect(sends).toHaveLength(count);
    expect(new Set(sends).size).toBe(count);
    const rows = await rowsOf(o);
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
    expect(await o.db.$count(mailOutbox, eq(mailOutbox.status, 'SENT'))).toBe(count);
  });
});
