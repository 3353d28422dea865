import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './auth';

const staff = { userType: 'merchant', userId: 7, merchantAccountId: 1, merchantBranchId: 2, privileges: new Set(['order.view']), sessionId: 's1' } as const;

describe('token signer', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own token again and again, and refuses a changed one even after the right one was kept', async () => {
    const signer = createTokenSigner('a-secret-of-enough-length-for-hs256');
    const { token } = await signer.sign(staff);
    for (let i = 0; i < 3; i++) expect(await signer.verify(token)).toMatchObject({ userId: 7, merchantAccountId: 1, merchantBranchId: 2, sessionId: 's1' });
    const [head, body, sig] = token.split('.');
    const forged = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(signer.verify(forged)).rejects.toThrow();
    await expect(createTokenSigner('another-secret-of-enough-length-hs256').verify(token)).rejects.toThrow();
  });

  it('refuses a kept token once it has expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    const signer = createTokenSigner('a-secret-of-enough-length-for-hs256');
    const { token, expiresAt } = await signer.sign(staff);
    expect((await signer.verify(token)).userId).toBe(7);
    vi.setSystemTime(expiresAt.getTime() + 1000);
    await expect(signer.verify(token)).rejects.toThrow();
  });
});
