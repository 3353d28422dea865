import type { ApiError } from '@tillpoint/contracts/api-error';
import { MAIL_SETTINGS_MESSAGES } from '@tillpoint/contracts/mail-settings';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { HttpError, badRequest } from '../../platform/errors';
import { smtpTransport } from '../../platform/outbox';
import { type MailSettingsRow, smtpConfigOf } from './mail-settings.repo';

/** Long enough for a slow server, short enough that the admin is not left waiting on a wrong host. */
const TEST_SEND_TIMEOUT_MS = 15_000;

/**
 * Sends a real e-mail with the saved settings to their `to` address, at once (not through the outbox:
 * the administrator wants to know now whether the settings work). The SMTP server's own error is shown.
 */
export async function sendTestMail(row: MailSettingsRow): Promise<ApiError> {
  if (!row.toAddress) throw badRequest(MESSAGES.requiredFields, [{ field: 'to', message: MESSAGES.requiredFields }]);
  try {
    await smtpTransport(smtpConfigOf(row), { timeoutMs: TEST_SEND_TIMEOUT_MS }).send({ to: row.toAddress, subject: MAIL_SETTINGS_MESSAGES.testSubject, text: MAIL_SETTINGS_MESSAGES.testBody });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new HttpError(400, MAIL_SETTINGS_MESSAGES.testFailed(reason.slice(0, 500)), 'ERROR');
  }
  return { type: 'SUCCESS', details: MAIL_SETTINGS_MESSAGES.testSent(row.toAddress) };
}
