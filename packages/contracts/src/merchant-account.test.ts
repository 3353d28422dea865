import { describe, expect, it } from 'vitest';
import { contactSchema, merchantAccountCreateSchema, normaliseMobile } from './merchant-account';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []));

describe('mobile phone (mask (09999) 999999)', () => {
  it('accepts the masked form, plain digits, spaces, dashes and +44, and writes them as the mask shows', () => {
    for (const input of ['(07700) 900123', '07700900123', '07700 900 123', '07700-900-123', '+44 7700 900123', '+447700900123', '7700900123']) {
      expect(normaliseMobile(input), input).toBe('(07700) 900123');
    }
  });

  it('refuses too few or too many digits, letters, and other countries', () => {
    for (const input of ['0770090012', '077009001234', '07700 9001AB', '+33 6 12 34 56 78', '', '12']) {
      expect(normaliseMobile(input), input).toBeNull();
    }
  });

  it("the contact schema says 'Not Valid Phone Number', and the required message when empty", () => {
    const base = { firstName: 'A', lastName: 'B', emailAddress: 'a@b.co' };
    expect(messages(contactSchema.safeParse({ ...base, mobilePhone: '123' }))).toEqual(['Not Valid Phone Number']);
    expect(messages(contactSchema.safeParse({ ...base, mobilePhone: '  ' }))).toEqual(['Please fill the required fields!']);
    expect(contactSchema.parse({ ...base, mobilePhone: '07700900123' }).mobilePhone).toBe('(07700) 900123');
  });
});

describe('company number', () => {
  const parse = (companyNo: unknown) => merchantAccountCreateSchema.safeParse({ tradingName: 'a', businessName: 'b', vatNo: 'c', companyNo });
  it('accepts whole numbers from 1 to 9999999999, also typed as text', () => {
    expect(parse(1).success).toBe(true);
    expect(parse(9_999_999_999).success).toBe(true);
    expect(parse(' 42 ').data?.companyNo).toBe(42);
  });
  it('refuses anything else with one clear message, and a blank with the required message', () => {
    for (const v of [0, -1, 10_000_000_000, 1.5, '1e3', 'abc']) expect(messages(parse(v)), String(v)).toEqual(['Company No must be a whole number from 1 to 9999999999.']);
    for (const v of [undefined, null, '']) expect(messages(parse(v)), String(v)).toEqual(['Please fill the required fields!']);
  });
});
