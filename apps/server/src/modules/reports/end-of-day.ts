import { and, eq, isNotNull } from 'drizzle-orm';
import { BRANCH_TIME_ZONE } from '@tillpoint/contracts/schedule';
import { wallClock } from '@tillpoint/contracts/table-load';
import type { Db } from '../../db/open-db';
import { branchSettings, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { cellText } from '../../platform/table-export';
import { enqueueMail } from '../../platform/outbox';
import { ownedBy } from '../../platform/tenancy';
import { finaliseLocked, reportPdf, reportTitle } from './sale-report.service';
import { lastReport, reportReply } from './sale-report.repo';

/** The instant a clock in the zone shows the given wall time (the nearest one across a clock change). */
export function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  let at = guess;
  // Two rounds settle the zone's offset, also on the days the clocks change.
  for (let i = 0; i < 2; i++) {
    const c = wallClock(new Date(at), timeZone);
    const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
    at += guess - shown;
  }
  return new Date(at);
}

/** The latest instant at or before `now` when the branch's day ended: endOfDayHour o'clock in its zone. */
export function lastEndOfDay(now: Date, endOfDayHour: number, timeZone: string = BRANCH_TIME_ZONE): Date {
  const today = wallClock(now, timeZone);
  const due = zonedInstant(today.year, today.month, today.day, endOfDayHour, timeZone);
  if (due.getTime() <= now.getTime()) return due;
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
  return zonedInstant(yesterday.getUTCFullYear(), yesterday.getUTCMonth() + 1, yesterday.getUTCDate(), endOfDayHour, timeZone);
}

/**
 * Auto end of day (issue 12): for each active branch whose settings have isAutoEndOfDay on, once its
 * endOfDayHour (Europe/London) has passed, finalise the period up to that hour and mail the report
 * as a PDF to the settings' report address, in one transaction. The branch row is claimed with
 * FOR UPDATE SKIP LOCKED, so instances running the job at once never take the same branch, and the
 * report's end-of-day key (branch, due hour) makes a second one impossible. A server that was down at
 * the hour closes the day when it next runs: one report up to the latest due hour.
 */
export async function runEndOfDay(db: Db, now = new Date()): Promise<{ finalised: number }> {
  const branches = await db
    .select({ merchantAccountId: merchantBranch.merchantAccountId, merchantBranchId: merchantBranch.id, endOfDayHour: branchSettings.endOfDayHour })
    .from(branchSettings)
    .innerJoin(merchantBranch, and(eq(merchantBranch.merchantAccountId, branchSettings.merchantAccountId), eq(merchantBranch.id, branchSettings.merchantBranchId)))
    .where(and(eq(branchSettings.isAutoEndOfDay, true), isNotNull(branchSettings.endOfDayHour), eq(merchantBranch.status, 'ACTIVE')));
  let finalised = 0;
  for (const b of branches) {
    const hour = Number(b.endOfDayHour);
    if (!Number.isInteger(hour) || hour < 0 || hour > 23) continue;
    const s: Scope = { merchantAccountId: b.merchantAccountId, merchantBranchId: b.merchantBranchId };
    const due = lastEndOfDay(now, hour);
    // Most runs find the day already closed: a read without a lock says so.
    const last = await lastReport(db, s);
    if (last && last.toDate.getTime() >= due.getTime()) continue;
    if (await closeDay(db, s, due)) finalised++;
  }
  return { finalised };
}

async function closeDay(db: Db, s: Scope, due: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .select({ tradingName: merchantBranch.tradingName })
      .from(merchantBranch)
      .where(and(eq(merchantBranch.merchantAccountId, s.merchantAccountId), eq(merchantBranch.id, s.merchantBranchId)))
      .for('update', { skipLocked: true });
    // Another instance is closing this branch's day (or an order is being placed): the next run looks again.
    if (!claimed) return false;
    // Read again under the lock: another instance may have closed the day since the first look.
    const last = await lastReport(tx, s);
    if (last && last.toDate.getTime() >= due.getTime()) return false;
    const row = await finaliseLocked(tx, s, { expected: null, to: due, endOfDayDue: due });
    if (!row) return false;
    const [settings] = await tx
      .select({ email: branchSettings.email })
      .from(branchSettings)
      .where(ownedBy(branchSettings, s));
    if (settings?.email) {
      const report = reportReply(row);
      const title = reportTitle(report, claimed.tradingName);
      const file = await reportPdf(title, report.lines, new Date(), BRANCH_TIME_ZONE);
      const period = `${cellText(row.fromDate, 'dateTime', BRANCH_TIME_ZONE)} to ${cellText(row.toDate, 'dateTime', BRANCH_TIME_ZONE)}`;
      await enqueueMail(tx, {
        to: settings.email,
        subject: title,
        text: `${title}, ${period}: gross sale ${report.lines[0]?.amountText ?? ''}, net sale ${report.lines.find((l) => l.name === 'Net Sale')?.amountText ?? ''}. The report is attached as ${file.fileName}.`,
        attachments: [file],
      });
    }
    return true;
  });
}
