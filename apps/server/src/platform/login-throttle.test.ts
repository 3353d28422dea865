import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountKey, createLoginThrottle } from './login-throttle';

describe('login throttle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('per name: a captcha from the third failure on, and a delay that doubles up to 5 s; success starts again', () => {
    const th = createLoginThrottle({ perAccount: 3, perAddress: 100 });
    const name = accountKey('admin', 'Admin');
    expect([1, 2].map(() => th.failed(name, '10.0.0.1'))).toEqual([0, 0]);
    expect(th.captchaNeeded(name, '10.0.0.9')).toBe(false);
    expect(th.failed(name, '10.0.0.2')).toBe(500);
    // From any address: the name is what is being guessed.
    expect(th.captchaNeeded(name, '10.0.0.9')).toBe(true);
    expect([4, 5, 6, 7, 8].map(() => th.failed(name, '10.0.0.3'))).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
    expect(th.captchaNeeded(accountKey('admin', 'someone-else'), '10.0.0.9')).toBe(false);
    th.succeeded(name);
    expect(th.captchaNeeded(name, '10.0.0.9')).toBe(false);
  });

  it('names are compared as typed by a person: case and spaces do not make a fresh count', () => {
    const th = createLoginThrottle({ perAccount: 1, perAddress: 100 });
    th.failed(accountKey('merchant', 'Owner', 'Demo-Bistro'), 'a');
    expect(th.captchaNeeded(accountKey('merchant', ' owner ', 'demo-bistro'), 'b')).toBe(true);
    expect(th.captchaNeeded(accountKey('merchant', 'owner', 'other-store'), 'b')).toBe(false);
  });

  it('per address: one address guessing many names (password spraying) needs the captcha for every name', () => {
    const th = createLoginThrottle({ perAccount: 3, perAddress: 5 });
    for (let i = 0; i < 5; i++) th.failed(accountKey('admin', `user${i}`), '10.9.9.9');
    expect(th.captchaNeeded(accountKey('admin', 'fresh-name'), '10.9.9.9')).toBe(true);
    expect(th.captchaNeeded(accountKey('admin', 'fresh-name'), '10.1.1.1')).toBe(false);
  });

  it('counts are forgotten after a quiet quarter of an hour', () => {
    vi.useFakeTimers();
    const th = createLoginThrottle({ perAccount: 2, perAddress: 100 });
    const name = accountKey('admin', 'admin');
    th.failed(name, 'a');
    th.failed(name, 'a');
    expect(th.captchaNeeded(name, 'a')).toBe(true);
    vi.advanceTimersByTime(15 * 60_000 + 1);
    expect(th.captchaNeeded(name, 'a')).toBe(false);
  });
});
