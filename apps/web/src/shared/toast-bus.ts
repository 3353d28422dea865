/**
 * Notices travel through this tiny bus so that plain modules (the API helpers, the session) can
 * raise a toast without importing React or PrimeReact; the app's root renders them.
 */
export type Severity = 'success' | 'info' | 'warn' | 'error';
export type Notice = { severity: Severity; summary: string; detail: string };

const listeners = new Set<(notice: Notice) => void>();
// The toast component is loaded lazily; what is said before it arrives waits here.
const pending: Notice[] = [];

export function showNotice(notice: Notice) {
  if (listeners.size === 0) pending.push(notice);
  for (const listener of listeners) listener(notice);
}

export function subscribeNotices(listener: (notice: Notice) => void): () => void {
  listeners.add(listener);
  for (const n of pending.splice(0)) listener(n);
  return () => listeners.delete(listener);
}

const SUMMARY: Record<Severity, string> = { success: 'Success', info: 'Info', warn: 'Warning', error: 'Error' };

export const notice = (severity: Severity, detail: string): Notice => ({ severity, summary: SUMMARY[severity], detail });

/** A validation message, shown as a warning toast (spec 1 §8: the validation messages are warnings). */
export const warn = (detail: string) => showNotice(notice('warn', detail));
