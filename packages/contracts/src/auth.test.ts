import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminLoginSchema, merchantLoginSchema, newPasswordSchema, resetFinishSchema, resetInitSchema } from './auth';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('login', () => {
  it('admin: empty or missing user name or password gives the spec message (with its two spaces)', () => {
    const message = 'User name and password  cannot be empty!';
    expect(firstMessage(adminLoginSchema, { userName: '', password: '' })).toBe(message);
    expect(firstMessage(adminLoginSchema, { userName: 'admin', password: '' })).toBe(message);
    expect(firstMessage(adminLoginSchema, { userName: '   ', password: 'x' })).toBe(message);
    expect(firstMessage(adminLoginSchema, {})).toBe(message);
    expect(adminLoginSchema.parse({ userName: ' admin ', password: ' secret ' })).toEqual({ userName: 'admin', password: ' secret ' });
  });

  it('merchant: the store name is required too', () => {
    const message = 'User name,Password and Store Name cannot be empty!';
    expect(firstMessage(merchantLoginSchema, { domainName: '', userName: 'owner', password: 'x' })).toBe(message);
    expect(firstMessage(merchantLoginSchema, { domainName: 'demo-bistro', userName: '', password: 'x' })).toBe(message);
    expect(firstMessage(merchantLoginSchema, { domainName: 'demo-bistro', userName: 'owner' })).toBe(message);
    expect(merchantLoginSchema.safeParse({ domainName: 'demo-bistro', userName: 'owner', password: 'x', reCaptchaToken: null }).success).toBe(true);
  });
});

describe('password reset', () => {
  it('request: the e-mail messages of spec 1 §5, in order of the rules', () => {
    expect(firstMessage(resetInitSchema, {})).toBe('This field is required.');
    expect(firstMessage(resetInitSchema, { email: '' })).toBe('This field is required.');
    expect(firstMessage(resetInitSchema, { email: '   ' })).toBe('This field is required.');
    expect(firstMessage(resetInitSchema, { email: 'a@b' })).toBe('This field can contain at least 5 characters.');
    expect(firstMessage(resetInitSchema, { email: `${'x'.repeat(250)}@example.com` })).toBe('The e-mail address cannot exceed 255 characters.');
    expect(firstMessage(resetInitSchema, { email: 'not-an-email' })).toBe('Email field is not available.');
    expect(resetInitSchema.parse({ email: ' owner@demo-bistro.local ' })).toEqual({ email: 'owner@demo-bistro.local' });
  });

  it('finish: the new password must be 8 to 255 characters with a digit, a lowercase and an uppercase letter', () => {
    const weak = 'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters';
    expect(firstMessage(newPasswordSchema, '')).toBe('Please fill the password field!');
    expect(firstMessage(newPasswordSchema, 'Ab1')).toBe('This field can contain at least 8 characters');
    expect(firstMessage(newPasswordSchema, 'weakpassword1')).toBe(weak);
    expect(firstMessage(newPasswordSchema, 'NoDigitsHere')).toBe(weak);
    expect(firstMessage(newPasswordSchema, `Aa1${'x'.repeat(253)}`)).toBe('This field can contain up to 255 characters.');
    expect(firstMessage(newPasswordSchema, 'Str0ngPass')).toBeNull();
    expect(resetFinishSchema.safeParse({ key: 'short', newPassword: 'Str0ngPass' }).success).toBe(false);
    expect(resetFinishSchema.safeParse({ key: 'k'.repeat(43), newPassword: 'Str0ngPass' }).success).toBe(true);
  });
});
