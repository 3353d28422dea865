import { describe, expect, it } from 'vitest';
import {
  MEMBER_SECURITY_PATHS,
  birthDaySchema,
  memberEmailSchema,
  memberFeedbackSchema,
  memberLoginSchema,
  memberNotesSchema,
  memberRegisterSchema,
  optionalMobileSchema,
} from './member';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []));

describe('member e-mail (spec 3 §5.5: at least 8 characters with an @)', () => {
  it('takes a real address, trimmed', () => {
    expect(memberEmailSchema.parse('  mary@example.com ')).toBe('mary@example.com');
  });
  it.each(['a@b.com', 'abcdefghij', '', '       @'])('refuses %j with the login words', (value) => {
    expect(messages(memberEmailSchema.safeParse(value))).toContain('Please fill a validate email');
  });
  it('an address shape that is still wrong is Not Valid Email', () => {
    expect(messages(memberEmailSchema.safeParse('mary@@example'))).toEqual(['Not Valid Email']);
    expect(messages(memberEmailSchema.safeParse(`${'m'.repeat(250)}@example.com`))).toEqual(['Not Valid Email']);
  });
});

describe('member forms', () => {
  const register = {
    email: 'mary@example.com',
    firstName: 'Mary',
    lastName: 'Member',
    password: 'Member1234',
    passwordConfirm: 'Member1234',
    verifyCode: 'ab3def',
  };

  it('register: title MR by default, code upper-cased, phone optional', () => {
    expect(memberRegisterSchema.parse(register)).toMatchObject({ title: 'MR', verifyCode: 'AB3DEF', mobilePhone: null, birthDay: null });
  });

  it('register: required fields, the code, the password rule and the confirmation, in the spec words', () => {
    expect(messages(memberRegisterSchema.safeParse({ ...register, firstName: ' ' }))).toEqual(['Please fill the required fields!']);
    expect(messages(memberRegisterSchema.safeParse({ ...register, verifyCode: '' }))).toEqual(['Please fill the Verify Code field!']);
    expect(messages(memberRegisterSchema.safeParse({ ...register, password: 'member1234', passwordConfirm: 'member1234' }))).toEqual([
      'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters',
    ]);
    expect(messages(memberRegisterSchema.safeParse({ ...register, passwordConfirm: 'Member12345' }))).toEqual([
      'Your password and confirmation password do not match.',
    ]);
  });

  it('login: empty password', () => {
    expect(messages(memberLoginSchema.safeParse({ email: 'mary@example.com', password: '' }))).toEqual(['Please fill the password field!']);
  });

  it('mobile phone: blank is none, a UK mobile is normalised, anything else refused', () => {
    expect(optionalMobileSchema.parse('')).toBeNull();
    expect(optionalMobileSchema.parse('+447700900123')).toBe('(07700) 900123');
    expect(messages(optionalMobileSchema.safeParse('020 7946 0000x'))).toEqual(['Not Valid Phone Number']);
  });

  it('date of birth: a real past day', () => {
    expect(birthDaySchema.parse('2000-02-29')).toBe('2000-02-29');
    for (const bad of ['2001-02-29', '31/12/1990', '1899-12-31', '2999-01-01']) {
      expect(messages(birthDaySchema.safeParse(bad)), bad).toEqual(['Please enter a valid date of birth (DD/MM/YYYY).']);
    }
  });

  it('notes up to 100 and feedback up to 200 characters; feedback needs a description', () => {
    expect(messages(memberNotesSchema.safeParse({ orderNotes: 'n'.repeat(101) }))).toEqual(['You can enter up to 100 characters in this field.']);
    expect(memberFeedbackSchema.parse({ merchantBranchId: 1, description: 'Lovely' })).toMatchObject({ feedbackType: 'Technical' });
    expect(messages(memberFeedbackSchema.safeParse({ merchantBranchId: 1, description: ' ' }))).toEqual(['Please fill the required fields!']);
    expect(messages(memberFeedbackSchema.safeParse({ merchantBranchId: 1, description: 'd'.repeat(201) }))).toEqual([
      'You can enter up to 200 characters in this field.',
    ]);
  });

  it('paths encode the e-mail', () => {
    expect(MEMBER_SECURITY_PATHS.checkEmail('a+b@example.com')).toBe('memberuser/security/checkemail/a%2Bb%40example.com');
  });
});
