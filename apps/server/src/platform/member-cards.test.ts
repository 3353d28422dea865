import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberCard, memberUser, merchantBranch } from '../db/schema';
import { DEMO } from '../db/demo-data';
import { type TestApp, createTestApp } from '../test/harness';
import type { Scope } from './auth';
import { expiryParts, memberCardToken, saveMemberCard } from './member-cards';
import { branchScope } from './tenancy';

let t: TestApp;
let scope: Scope;
let memberId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [branch] = await t.db.select({ id: merchantBranch.id }).from(merchantBranch).where(eq(merchantBranch.domainName, DEMO.merchant.domainName));
  scope = (await branchScope(t.db, branch.id)) as Scope;
  const made = await t.db
    .insert(memberUser)
    .values([
      { email: 'card.one@example.test', firstName: 'Card', lastName: 'One' },
      { email: 'card.two@example.test', firstName: 'Card', lastName: 'Two' },
    ])
    .returning();
  [memberId, otherId] = made.map((m) => m.id);
});
afterAll(() => t.close());

const facts = (token: string, over: Partial<Parameters<typeof saveMemberCard>[3]> = {}) => ({
  provider: 'SIMULATOR',
  providerToken: token,
  brand: 'Visa',
  last4: '4242',
  expiry: '12/30',
  cardHolderName: 'Card One',
  ...over,
});

describe('saving a member card (provider token, brand, last four, expiry)', () => {
  it('reads expiries as providers write them', () => {
    expect(expiryParts('12/30')).toEqual({ month: 12, year: 2030 });
    expect(expiryParts('0731')).toEqual({ month: 7, year: 2031 });
    expect(expiryParts('01/2029')).toEqual({ month: 1, year: 2029 });
    expect(expiryParts('13/30')).toBeNull();
    expect(expiryParts('1230x')).toBeNull();
  });

  it('the first card is the default; the same token again updates the one row', async () => {
    const first = await saveMemberCard(t.db, memberId, scope, facts('tok-a'));
    const second = await saveMemberCard(t.db, memberId, scope, facts('tok-b', { last4: '0005', brand: 'mastercard' }));
    const again = await saveMemberCard(t.db, memberId, scope, facts('tok-a', { expiry: '01/31' }));
    expect(again).toBe(first);
    const rows = await t.db.select().from(memberCard).where(eq(memberCard.memberUserId, memberId)).orderBy(memberCard.id);
    expect(rows.map((r) => [r.id, r.cardBrand, r.last4, r.expiryMonth, r.expiryYear, r.defaultCard])).toEqual([
      [first, 'VISA', '4242', 1, 2031, true],
      [second, 'MASTERCARD', '0005', 12, 2030, false],
    ]);
  });

  it('keeps nothing a list could not show: no four digits, a bad expiry or no token', async () => {
    expect(await saveMemberCard(t.db, otherId, scope, facts('tok-x', { last4: '4111111111111111' }))).toBeNull();
    expect(await saveMemberCard(t.db, otherId, scope, facts('tok-x', { expiry: '99/99' }))).toBeNull();
    expect(await saveMemberCard(t.db, otherId, scope, facts(' '))).toBeNull();
    expect(await t.db.select().from(memberCard).where(eq(memberCard.memberUserId, otherId))).toEqual([]);
  });

  it("a card's token is found only for its member and the branch it was saved through", async () => {
    const id = (await saveMemberCard(t.db, memberId, scope, facts('tok-c'))) as number;
    expect(await memberCardToken(t.db, memberId, id, scope.merchantBranchId)).toEqual({ provider: 'SIMULATOR', providerToken: 'tok-c' });
    expect(await memberCardToken(t.db, otherId, id, scope.merchantBranchId)).toBeUndefined();
    expect(await memberCardToken(t.db, memberId, id, scope.merchantBranchId + 1000)).toBeUndefined();
  });
});
