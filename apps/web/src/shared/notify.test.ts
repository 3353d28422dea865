import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api';
import { outcomeOf } from './notify';

const fail = (status: number, body: unknown = null): ApiResult<unknown> => ({ ok: false, status, body });
const typed = (type: string, details: string) => ({ type, details });

describe('outcomeOf: the spec 1 §8 status mapping', () => {
  it('a plain 200 shows the success toast unless suppressed', () => {
    const ok: ApiResult<unknown> = { ok: true, status: 200, body: { id: 1, name: 'Standard' } };
    expect(outcomeOf(ok)).toEqual({
      notice: { severity: 'success', summary: 'Success', detail: 'The operation was performed successfully.' },
      signOut: false,
    });
    expect(outcomeOf(ok, { suppressSuccess: true })).toEqual({ notice: null, signOut: false });
  });

  it('a 200 with a typed body shows that notice, even when success toasts are suppressed', () => {
    const r: ApiResult<unknown> = { ok: true, status: 200, body: typed('SUCCESS', 'Check your e-mail.') };
    expect(outcomeOf(r, { suppressSuccess: true }).notice).toEqual({ severity: 'success', summary: 'Success', detail: 'Check your e-mail.' });
    expect(outcomeOf(fail(200, typed('INFO', 'Nothing to do'))).notice?.severity).toBe('info');
  });

  it('400 shows the typed notice, else Empty Values.', () => {
    expect(outcomeOf(fail(400, typed('WARNING', 'Please fill the required fields!'))).notice).toEqual({
      severity: 'warn',
      summary: 'Warning',
      detail: 'Please fill the required fields!',
    });
    expect(outcomeOf(fail(400)).notice?.detail).toBe('Empty Values.');
  });

  it('401 signs out and shows the server reason when there is one', () => {
    expect(outcomeOf(fail(401))).toEqual({ notice: null, signOut: true });
    const r = outcomeOf(fail(401, typed('ERROR', 'User name or password is incorrect.')));
    expect(r.signOut).toBe(true);
    expect(r.notice?.detail).toBe('User name or password is incorrect.');
  });

  it('403 is always Not Authorized', () => {
    expect(outcomeOf(fail(403, typed('ERROR', 'whatever'))).notice).toEqual({ severity: 'error', summary: 'Error', detail: 'Not Authorized' });
    expect(outcomeOf(fail(403)).signOut).toBe(false);
  });

  it('404 typed else Error; 409 typed else Duplicate Value', () => {
    expect(outcomeOf(fail(404)).notice?.detail).toBe('Error');
    expect(outcomeOf(fail(404, typed('ERROR', 'Tax not found'))).notice?.detail).toBe('Tax not found');
    expect(outcomeOf(fail(409)).notice?.detail).toBe('Duplicate Value');
    expect(outcomeOf(fail(409, typed('ERROR', 'The record is in use'))).notice?.detail).toBe('The record is in use');
  });

  it('any other status gives the error code', () => {
    expect(outcomeOf(fail(500, typed('ERROR', 'An unexpected error has occurred.'))).notice?.detail).toBe(
      'An unexpected error has occurred. Error code: 500',
    );
    expect(outcomeOf(fail(429)).notice?.detail).toBe('An unexpected error has occurred. Error code: 429');
  });

  it("'Failed to fetch' is silent; other network failures are reported", () => {
    expect(outcomeOf({ ok: false, status: 0, body: null, networkError: 'Failed to fetch' })).toEqual({ notice: null, signOut: false });
    expect(outcomeOf({ ok: false, status: 0, body: null, networkError: 'NetworkError' }).notice?.detail).toBe(
      'An unexpected error has occurred. NetworkError',
    );
  });

  it('an unknown notice type is reported as unexpected with its details', () => {
    expect(outcomeOf(fail(400, typed('FATAL', 'Disk full'))).notice).toEqual({
      severity: 'error',
      summary: 'Error',
      detail: 'An unexpected error has occurred. Disk full',
    });
  });
});
