import { isApiError } from '@tillpoint/contracts/notice';
import type { ApiError } from '@tillpoint/contracts/api-error';
import { MESSAGES } from '@tillpoint/contracts/messages';
import type { ApiResult } from './api';
import { type Notice, type Severity, notice, showNotice } from './toast-bus';

export type NotifyOptions = {
  /** Table loads and look-ups succeed silently; saves and deletes show the success toast. */
  suppressSuccess?: boolean;
};

export type Outcome = {
  notice: Notice | null;
  /** 401: the session is over, storage is cleared and the sign-in page shows. */
  signOut: boolean;
};

const SEVERITY_OF: Record<string, Severity> = { SUCCESS: 'success', INFO: 'info', WARNING: 'warn', ERROR: 'error' };

/** A notice the server typed; an unknown type is reported as unexpected with its details. */
function typedNotice(body: ApiError): Notice {
  const severity = SEVERITY_OF[body.type];
  return severity ? notice(severity, body.details) : notice('error', MESSAGES.unexpectedDetails(body.details));
}

const typedOr = (body: unknown, severity: Severity, fallback: string) => (isApiError(body) ? typedNotice(body) : notice(severity, fallback));

/** The spec 1 §8 mapping from a response to what the user sees. Pure, so it is unit-tested. */
export function outcomeOf(result: ApiResult<unknown>, options: NotifyOptions = {}): Outcome {
  const none = { notice: null, signOut: false };
  const { status, body } = result;
  if (status === 0) {
    const message = result.ok ? '' : (result.networkError ?? '');
    // Chromium's wording for a dropped connection; the spec keeps it silent. Aborts are ours.
    if (message === 'Failed to fetch' || message.includes('aborted')) return none;
    return { notice: notice('error', MESSAGES.unexpectedDetails(message)), signOut: false };
  }
  if (status >= 200 && status < 300) {
    if (isApiError(body)) return { notice: typedNotice(body), signOut: false };
    return options.suppressSuccess ? none : { notice: notice('success', MESSAGES.success), signOut: false };
  }
  switch (status) {
    case 400:
      return { notice: typedOr(body, 'warn', MESSAGES.emptyValues), signOut: false };
    case 401:
      // The server's words say why (wrong password, locked, session ended); without them, nothing.
      return { notice: isApiError(body) ? typedNotice(body) : null, signOut: true };
    case 403:
      return { notice: notice('error', MESSAGES.notAuthorized), signOut: false };
    case 404:
      return { notice: typedOr(body, 'error', MESSAGES.notFound), signOut: false };
    case 409:
      return { notice: typedOr(body, 'error', MESSAGES.duplicate), signOut: false };
    default:
      return { notice: notice('error', MESSAGES.unexpectedCode(status)), signOut: false };
  }
}

let signOutHandler: () => void = () => {};

/** The session registers how to end itself, so this module stays free of session state. */
export function setSignOutHandler(handler: () => void) {
  signOutHandler = handler;
}

/** Shows what a response means to the user; returns whether it succeeded. */
export function notify(result: ApiResult<unknown>, options?: NotifyOptions): boolean {
  const { notice: shown, signOut } = outcomeOf(result, options);
  if (shown) showNotice(shown);
  if (signOut) signOutHandler();
  return result.ok;
}
