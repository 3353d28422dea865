import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { adminUserCreateSchema, adminUserUpdateSchema } from './admin-user';
import { accountRoleProblem, merchantUserCreateSchema, merchantUserFieldsSchema, merchantUserUpdateSchema, passwordChangeSchema } from './merchant-user';
import { tillUserLinkParamsSchema } from './till-user';

const first = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};
const REQUIRED = 'Please fill the required fields!';
const ACCOUNT_RULE = "You must choose one role from 'ACCOUNT ROLES' ";
const user = {
  userName: 'sam',
  mobilePhone: '07700900001',
  firstName: 'Sam',
  lastName: 'Smith',
  email: 'sam@example.com',
  branches: [{ branchId: 1 }],
  roles: [{ id: 3, name: 'ACCOUNT_USER' }],
};

describe('merchant user rules (spec 1 §5)', () => {
  it('exactly one role whose name contains ACCOUNT', () => {
    expect(accountRoleProblem(['ACCOUNT_USER'])).toBeNull();
    expect(accountRoleProblem(['ACCOUNT_USER', 'CLERK', 'DRIVER'])).toBeNull();
    expect(accountRoleProblem(['CLERK'])).toBe(ACCOUNT_RULE);
    expect(accountRoleProblem(['ACCOUNT_ADMIN', 'ACCOUNT_USER'])).toBe(ACCOUNT_RULE);
    expect(accountRoleProblem([])).toBe(ACCOUNT_RULE);
  });

  it('gives the messages in the order of the form: required fields, branch, role, ACCOUNT role', () => {
    expect(first(merchantUserFieldsSchema, { ...user, email: '' })).toBe(REQUIRED);
    expect(first(merchantUserFieldsSchema, { ...user, firstName: '', branches: [] })).toBe(REQUIRED);
    expect(first(merchantUserFieldsSchema, { ...user, branches: [], roles: [] })).toBe('Please select a branch!');
    expect(first(merchantUserFieldsSchema, { ...user, roles: [] })).toBe('Please select a role!');
    expect(first(merchantUserFieldsSchema, { ...user, roles: [{ id: 4, name: 'CLERK' }] })).toBe(ACCOUNT_RULE);
    // Without names (an API client) the server judges the ACCOUNT rule by its own role names.
    expect(first(merchantUserFieldsSchema, { ...user, roles: [{ id: 4 }] })).toBeNull();
  });

  it('defaults: title MR, status ACTIVE, send notification on', () => {
    expect(merchantUserCreateSchema.parse(user)).toMatchObject({ title: 'MR', status: 'ACTIVE', sendNotification: true, mobilePhone: '(07700) 900001' });
    expect(merchantUserUpdateSchema.parse({ ...user, id: 5, status: 'PASSIVE' })).not.toHaveProperty('status');
  });

  it("landing pages come from the list, '#orders' among them", () => {
    expect(merchantUserFieldsSchema.safeParse({ ...user, landingPage: '#orders' }).success).toBe(true);
    expect(merchantUserFieldsSchema.safeParse({ ...user, landingPage: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('change password: empty, then weak', () => {
    expect(first(passwordChangeSchema, { id: 1, password: '' })).toBe('Please fill the password field!');
    expect(first(passwordChangeSchema, { id: 1, password: 'abcdefgh' })).toBe(
      'Password must be at least one number, one lowercase letter, one uppercase letter, at least 8 characters',
    );
  });

  it("till user link: a user and a branch, 'Please select a branch and a till user!'; -1 clears", () => {
    expect(tillUserLinkParamsSchema.parse({ userId: '1', branchId: '2', tillUserId: '-1' })).toEqual({ userId: 1, branchId: 2, tillUserId: -1 });
    for (const bad of [{ userId: '1', branchId: '-1', tillUserId: '3' }, { userId: '0', branchId: '2', tillUserId: '3' }, { userId: '1', branchId: 'x', tillUserId: '3' }]) {
      expect(first(tillUserLinkParamsSchema, bad)).toBe('Please select a branch and a till user!');
    }
  });
});

describe('admin user rules', () => {
  const admin = { userName: 'root', mobilePhone: '07700900001', firstName: 'R', lastName: 'Oot', email: 'root@example.com' };
  it('create needs a strong password; update keeps the password when blank', () => {
    expect(first(adminUserCreateSchema, admin)).toBe('Please fill the password field!');
    expect(first(adminUserCreateSchema, { ...admin, password: 'weakweak' })).toMatch(/^Password must be/);
    expect(adminUserUpdateSchema.parse({ ...admin, id: 1, password: '' }).password).toBeUndefined();
    expect(first(adminUserUpdateSchema, { ...admin, id: 1, password: 'weakweak' })).toMatch(/^Password must be/);
  });
});
