import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEmail, isUkMobile } from './order-rules';

describe('order-rules: the checkout field tests without zod', () => {
  it("isEmail answers as zod's z.email() does (the server's schemas and the storefront agree)", () => {
    const samples = ['a@b.co', 'a.b@c.uk', 'a..b@c.uk', '.a@b.co', 'a.@b.co', 'a@b', 'x+y@sub.domain.org', "o'neil@x.ie", 'a@-b.com', 'ab@c.d', 'ä@b.com', 'a b@c.com', 'a@b.c0m', 'a-b@c-d.com', '@b.com', 'a@b..com'];
    for (const v of samples) expect([v, isEmail(v)]).toEqual([v, z.email().safeParse(v).success]);
  });

  it('isUkMobile takes 07… and +44 7… with spaces, nothing else', () => {
    expect(['07700 900123', '+44 7700 900123', '(07700) 900-123'].map(isUkMobile)).toEqual([true, true, true]);
    expect(['020 7946 0000', '0770090012', '+33 6 12 34 56 78', ''].map(isUkMobile)).toEqual([false, false, false, false]);
  });
});
