/**
 * Staff and member sign-in share this. Slows repeated sign-in failures instead of locking accounts
 * (a lock would let a stranger keep an administrator out by typing wrong passwords). Failures are
 * counted per account name (whether or not it exists, so the answers tell nobody which names are
 * real) and per address. From a limit on, every further attempt for that name or from that address
 * needs a solved captcha, even when the captcha is otherwise off, and each failure's reply waits a
 * little longer (doubling up to a cap).
 * The right password with a solved captcha always gets in. Counts are forgotten after a quiet
 * quarter of an hour; they live in memory (each instance counts its own, like the rate limit).
 */
export type LoginThrottle = {
  captchaNeeded(account: string, address: string): boolean;
  /** Counts a failure; the reply should wait the returned milliseconds. */
  failed(account: string, address: string): number;
  succeeded(account: string): void;
};

const FORGET_AFTER_MS = 15 * 60_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;
const MAX_ENTRIES = 50_000;

export function createLoginThrottle(limits: { perAccount: number; perAddress: number }): LoginThrottle {
  const counts = new Map<string, { n: number; last: number }>();
  const count = (key: string) => {
    const e = counts.get(key);
    if (!e) return 0;
    if (Date.now() - e.last > FORGET_AFTER_MS) {
      counts.delete(key);
      return 0;
    }
    return e.n;
  };
  const bump = (key: string) => {
    if (counts.size >= MAX_ENTRIES) counts.clear();
    const n = count(key) + 1;
    counts.set(key, { n, last: Date.now() });
    return n;
  };
  const over = (account: number, address: number) => Math.max(account - limits.perAccount, address - limits.perAddress);
  return {
    captchaNeeded: (account, address) => over(count(`n:${account}`), count(`a:${address}`)) >= 0,
    failed(account, address) {
      const beyond = over(bump(`n:${account}`), bump(`a:${address}`));
      return beyond < 0 ? 0 : Math.min(FIRST_DELAY_MS * 2 ** beyond, MAX_DELAY_MS);
    },
    succeeded: (account) => {
      counts.delete(`n:${account}`);
    },
  };
}

/** One name per account, as typed: the store and the user name, case-insensitively. */
export const accountKey = (userType: string, userName: string, domainName = '') =>
  `${userType}:${domainName.trim().toLowerCase()}:${userName.trim().toLowerCase()}`;
