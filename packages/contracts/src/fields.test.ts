import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PASSWORD_RULE, emailSchema, idSchema, isStorableText, optionalText, requiredText, strongPassword } from './fields';
import { MESSAGES } from './messages';

/** The first message a schema gives for a value, as the server's error body and the forms show it. */
const firstMessage = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('password rule', () => {
  it.each(['Passw0rd', 'aB3aaaaa', 'Owner1234', 'ÄbcdefG1', 'Pa ss w0rd with spaces'])('accepts %s', (p) => {
    expect(PASSWORD_RULE.test(p)).toBe(true);
    expect(strongPassword.safeParse(p).success).toBe(true);
  });

  it.each([
    ['Passw0r', 'seven characters'],
    ['password1', 'no uppercase'],
    ['PASSWORD1', 'no lowercase'],
    ['Password', 'no digit'],
    ['12345678', 'digits only'],
  ])('refuses %s (%s) with the spec message', (p) => {
    expect(PASSWORD_RULE.test(p)).toBe(false);
    expect(firstMessage(strongPassword, p)).toBe(
      'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters',
    );
  });

  it('asks for the password when empty or missing, and limits it to 255 characters', () => {
    expect(firstMessage(strongPassword, '')).toBe('Please fill the password field!');
    expect(firstMessage(strongPassword, undefined)).toBe('Please fill the password field!');
    expect(firstMessage(strongPassword, `Aa1${'x'.repeat(252)}`)).toBeNull();
    expect(firstMessage(strongPassword, `Aa1${'x'.repeat(253)}`)).toBe('This field can contain up to 255 characters.');
  });
});

describe('text fields', () => {
  it('a required text is trimmed, must not be blank and holds at most 255 characters', () => {
    const schema = requiredText();
    expect(schema.parse('  Standard  ')).toBe('Standard');
    expect(firstMessage(schema, '')).toBe('Please fill the required fields!');
    expect(firstMessage(schema, '   ')).toBe('Please fill the required fields!');
    expect(firstMessage(schema, undefined)).toBe('Please fill the required fields!');
    expect(firstMessage(schema, null)).toBe('Please fill the required fields!');
    expect(firstMessage(schema, 'x'.repeat(255))).toBeNull();
    expect(firstMessage(schema, 'x'.repeat(256))).toBe('You can enter up to 255 characters in this field.');
  });

  it('an optional text may be absent or null but not longer than its limit', () => {
    const schema = optionalText(50, 'You can enter up to 50 characters in this field.');
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(null)).toBeNull();
    expect(firstMessage(schema, 'x'.repeat(51))).toBe('You can enter up to 50 characters in this field.');
  });

  it('an e-mail needs 5 to 255 characters and a valid form', () => {
    expect(emailSchema.parse(' owner@demo-bistro.local ')).toBe('owner@demo-bistro.local');
    for (const bad of ['a@b', 'not an email', `${'x'.repeat(250)}@example.com`, 'owner@', '@demo.local']) {
      expect(firstMessage(emailSchema, bad), bad).toBe(MESSAGES.notValidEmail);
    }
  });

  it('an id is a positive 32-bit integer, also from a path segment', () => {
    expect(idSchema.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '2147483648']) expect(idSchema.safeParse(bad).success, bad).toBe(false);
    expect(idSchema.parse('2147483647')).toBe(2147483647);
  });

  it('an id is never coerced from anything else: booleans, arrays, hex, spaces, exponents, leading zeros', () => {
    expect(idSchema.parse(7)).toBe(7);
    for (const bad of [true, false, [5], ['5'], '0x5', ' 5 ', '5 ', '1e3', '05', '+5', '', null, {}, 5.5, Number.NaN]) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('text with a NUL character or a lone surrogate is refused with a clear message; paired surrogates (emoji) are fine', () => {
    for (const schema of [requiredText(), optionalText()]) {
      expect(firstMessage(schema, 'a\u0000b')).toBe(MESSAGES.invalidCharacters);
      expect(firstMessage(schema, 'x\uD800')).toBe(MESSAGES.invalidCharacters);
      expect(firstMessage(schema, '\uDC00x')).toBe(MESSAGES.invalidCharacters);
      expect(firstMessage(schema, 'Pizza 🍕')).toBeNull();
    }
    expect(isStorableText('café 🍕')).toBe(true);
  });
});
