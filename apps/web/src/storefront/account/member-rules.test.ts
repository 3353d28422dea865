import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { addressProblem, feedbackProblem, isEmpty, isLoginEmail, passwordChangeProblem, passwordProblem, passwordStrength, profileProblem, registerProblem, toIsoDate, toShownDate } from './member-rules';

const form = {
  email: 'ada@example.com',
  title: 'MR',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobilePhone: '',
  birthDay: '',
  password: 'Secret123',
  passwordConfirm: 'Secret123',
  verifyCode: 'ABC234',
};

describe('member form rules (spec 3 §5.4, §5.5)', () => {
  it('treats null, blank, the text null, [] and {} as empty', () => {
    for (const v of [null, undefined, '', '  ', 'null', [], {}]) expect(isEmpty(v)).toBe(true);
    for (const v of ['a', 0, [1], { a: 1 }]) expect(isEmpty(v)).toBe(false);
  });

  it('wants a login e-mail of at least 8 characters with an @', () => {
    expect(isLoginEmail('a@b.uk')).toBe(false);
    expect(isLoginEmail('abcdefgh')).toBe(false);
    expect(isLoginEmail('ada@b.uk')).toBe(true);
  });

  it('checks a new password in the spec words', () => {
    expect(passwordProblem('')).toBe(MESSAGES.passwordRequired);
    expect(passwordProblem('Ab1')).toBe(MESSAGES.passwordMin);
    expect(passwordProblem('abcdefgh1')).toBe(MESSAGES.passwordWeak);
    expect(passwordProblem('Abcdefgh1')).toBeNull();
    expect(passwordProblem('a'.repeat(51))).toBeNull();
    expect(passwordProblem('A1a'.repeat(90))).toBe(MESSAGES.passwordMax);
    expect(passwordChangeProblem('Abcdefgh1', 'Abcdefgh2')).toBe(MEMBER_MESSAGES.passwordConfirm);
    expect(passwordChangeProblem('Abcdefgh1', 'Abcdefgh1')).toBeNull();
  });

  it('caps the strength by the character classes present', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abcdefghijklmnop')).toBe(1);
    expect(passwordStrength('Abcdefgh')).toBe(2);
    expect(passwordStrength('Abcdefgh12')).toBe(3);
    expect(passwordStrength('Abcdefgh12!x')).toBe(4);
  });

  it('turns DD/MM/YYYY into an ISO date and back, refusing days that do not exist', () => {
    expect(toIsoDate('09/03/1990')).toBe('1990-03-09');
    expect(toIsoDate('31/02/1990')).toBeNull();
    expect(toIsoDate('1990-03-09')).toBeNull();
    expect(toShownDate('1990-03-09')).toBe('09/03/1990');
    expect(toShownDate(null)).toBe('');
  });

  it('checks the register form before sending it', () => {
    expect(registerProblem(form)).toBeNull();
    expect(registerProblem({ ...form, firstName: ' ' })).toBe(MESSAGES.requiredFields);
    expect(registerProblem({ ...form, passwordConfirm: '' })).toBe(MESSAGES.requiredFields);
    expect(registerProblem({ ...form, verifyCode: '' })).toBe(MEMBER_MESSAGES.verifyCodeRequired);
    expect(registerProblem({ ...form, verifyCode: 'ABC' })).toBe(MEMBER_MESSAGES.verifyCodeInvalid);
    expect(registerProblem({ ...form, password: 'weakpass', passwordConfirm: 'weakpass' })).toBe(MESSAGES.passwordWeak);
    expect(registerProblem({ ...form, passwordConfirm: 'Secret124' })).toBe(MEMBER_MESSAGES.passwordConfirm);
    expect(registerProblem({ ...form, birthDay: '30/02/2000' })).toBe(MEMBER_MESSAGES.birthDayInvalid);
  });

  it('checks the profile form', () => {
    const p = { title: 'MR', firstName: 'Ada', lastName: 'Lovelace', mobilePhone: '', birthDay: '10/12/1985' };
    expect(profileProblem(p)).toBeNull();
    expect(profileProblem({ ...p, lastName: '' })).toBe(MESSAGES.requiredFields);
    expect(profileProblem({ ...p, birthDay: '1985' })).toBe(MEMBER_MESSAGES.birthDayInvalid);
  });
});

describe('address book form (spec 3 §5.4, §5.5)', () => {
  const address = { description: 'Home', postCode: 'SW1A 1AA', city: 'London', addressLine1: '10 Downing Street', addressLine2: '', addressLine3: '', addressLine4: '' };
  it('takes an address with post code, city and line 1', () => {
    expect(addressProblem(address)).toBeNull();
  });
  it.each(['postCode', 'city', 'addressLine1'] as const)('asks for %s', (field) => {
    expect(addressProblem({ ...address, [field]: ' ' })).toBe(MESSAGES.requiredFields);
    expect(addressProblem({ ...address, [field]: 'null' })).toBe(MESSAGES.requiredFields);
  });
  it('keeps line 1 to 50 characters and the others to 255, in the spec\'s words', () => {
    expect(addressProblem({ ...address, addressLine1: 'x'.repeat(50) })).toBeNull();
    expect(addressProblem({ ...address, addressLine1: 'x'.repeat(51) })).toBe(MEMBER_MESSAGES.addressLine1Max);
    expect(addressProblem({ ...address, addressLine3: 'x'.repeat(255) })).toBeNull();
    expect(addressProblem({ ...address, city: 'x'.repeat(256) })).toBe(MEMBER_MESSAGES.addressLineMax);
  });
});

describe('complaint / suggestion (spec 3 §5.4, §5.5)', () => {
  it('needs a description of up to 200 characters', () => {
    expect(feedbackProblem('')).toBe(MESSAGES.requiredFields);
    expect(feedbackProblem('   ')).toBe(MESSAGES.requiredFields);
    expect(feedbackProblem('x'.repeat(200))).toBeNull();
    expect(feedbackProblem('x'.repeat(201))).toBe(MEMBER_MESSAGES.feedbackMax);
  });
});
