import { describe, expect, it } from 'vitest';
import { ORDER_PRIVILEGES as OP, ORDER_ROLE_PRIVILEGES, type OrderPrivilege, tillScopeAllows } from './order-handling';

const ALL = Object.values(OP) as OrderPrivilege[];
const allowedBy = (scope: string | null) => ALL.filter((p) => tillScopeAllows(scope, p));

describe('tillScopeAllows (spec 3 §6: the role check uses the till scope text when present)', () => {
  it('no scope (or an empty one) leaves the decision to the user privileges: everything passes', () => {
    expect(allowedBy(null)).toEqual(ALL);
    expect(allowedBy('')).toEqual(ALL);
  });

  it("a role's scope offers exactly that role's part of the order handling", () => {
    expect(allowedBy('KITCHEN')).toEqual([OP.prepare, OP.ready]);
    expect(allowedBy('WAITER')).toEqual([OP.deliver]);
    expect(allowedBy('DRIVER')).toEqual([OP.markDelivered, OP.takePayment]);
    expect(new Set(allowedBy('CLERK'))).toEqual(new Set(ORDER_ROLE_PRIVILEGES.CLERK));
    expect(allowedBy('CLERK')).not.toContain(OP.prepare);
  });

  it('several roles in any case and separator add up; the words must match whole', () => {
    expect(new Set(allowedBy('clerk driver'))).toEqual(new Set([...ORDER_ROLE_PRIVILEGES.CLERK, ...ORDER_ROLE_PRIVILEGES.DRIVER]));
    expect(allowedBy('Kitchen,Waiter')).toEqual([OP.prepare, OP.ready, OP.deliver]);
    // KITCHENS or SUPERCLERK are not roles: a near miss offers nothing rather than everything.
    expect(allowedBy('KITCHENS')).toEqual([]);
    expect(allowedBy('SUPERCLERK')).toEqual([]);
  });

  it('a scope naming no order role (the display scope) offers no order action', () => {
    expect(allowedBy('CUSTOMER_DISPLAY')).toEqual([]);
    expect(allowedBy('ADMIN')).toEqual([]);
  });
});
