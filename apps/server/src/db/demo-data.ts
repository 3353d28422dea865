import { SERVICE_NAMES } from '@tillpoint/contracts/enums';
import { hashPassword } from '../platform/passwords';
import { loadDemoCatalogue } from './demo-catalogue';
import { loadDemoWebMenu } from './demo-web-menu';
import type { Db } from './open-db';
import { adminUser, credit, licence, merchantAccount, merchantBranch, merchantUser, merchantUserBranch, merchantUserRole, tax } from './schema';

export const DEMO = {
  admin: { userName: 'admin', password: 'Admin1234' },
  merchant: { domainName: 'demo-bistro', userName: 'owner', password: 'Owner1234' },
} as const;

/**
 * The demo tenant: one account, its branch demo-bistro with all four services licensed, its owner, taxes and an address credit.
 * Tests that reload the demo data often pass a hash function that remembers its results.
 */
export async function loadDemoData(db: Db, hash: (password: string) => Promise<string> = hashPassword) {
  const [adminHash, ownerHash] = await Promise.all([hash(DEMO.admin.password), hash(DEMO.merchant.password)]);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx.insert(adminUser).values({
      userName: DEMO.admin.userName,
      passwordHash: adminHash,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@tillpoint.local',
      mobilePhone: '07700 900000',
      superUser: true,
      activationDate: now,
    });
    const [account] = await tx
      .insert(merchantAccount)
      .values({
        tradingName: 'Demo Bistro',
        businessName: 'Demo Bistro Ltd',
        companyNo: 12345678,
        vatNo: 'GB123456789',
        firstName: 'Olive',
        lastName: 'Owner',
        mobilePhone: '07700 900001',
        emailAddress: 'owner@demo-bistro.local',
      })
      .returning();
    const [branch] = await tx
      .insert(merchantBranch)
      .values({
        merchantAccountId: account.id,
        tradingName: 'Demo Bistro',
        businessName: 'Demo Bistro Ltd',
        vatNo: 'GB123456789',
        domainName: 'demo-bistro',
        sector: 'HOSPITALITY',
        firstName: 'Olive',
        lastName: 'Owner',
        mobilePhone: '07700 900001',
        emailAddress: 'owner@demo-bistro.local',
        address1: '1 High Street',
        city: 'London',
        postCode: 'SW1A 1AA',
      })
      .returning();
    await tx.insert(licence).values(
      SERVICE_NAMES.map((serviceName) => ({
        merchantAccountId: account.id,
        merchantBranchId: branch.id,
        serviceName,
        licenseStatus: 'ACTIVE',
        actionReason: 'PAYMENT_COMPLETED',
      })),
    );
    const [owner] = await tx
      .insert(merchantUser)
      .values({
        merchantAccountId: account.id,
        userName: DEMO.merchant.userName,
        passwordHash: ownerHash,
        firstName: 'Olive',
        lastName: 'Owner',
        email: 'owner@demo-bistro.local',
        mobilePhone: '07700 900001',
        landingPage: '#/taxSave',
        activationDate: now,
      })
      .returning();
    await tx.insert(merchantUserRole).values({ merchantAccountId: account.id, userId: owner.id, roleId: 1 });
    await tx.insert(merchantUserBranch).values({ merchantAccountId: account.id, userId: owner.id, merchantBranchId: branch.id });
    const taxes = await tx
      .insert(tax)
      .values(
        [
          ['Standard', 2000],
          ['Reduced', 500],
          ['Zero', 0],
        ].map(([name, rateBp]) => ({ merchantAccountId: account.id, merchantBranchId: branch.id, name: String(name), rateBp: Number(rateBp) })),
      )
      .returning({ id: tax.id, name: tax.name });
    await loadDemoCatalogue(tx, { merchantAccountId: account.id, merchantBranchId: branch.id }, Object.fromEntries(taxes.map((t) => [t.name, t.id])));
    await loadDemoWebMenu(tx, { merchantAccountId: account.id, merchantBranchId: branch.id });
    // Postcode look-ups for the demo store's delivery addresses.
    await tx.insert(credit).values({ merchantAccountId: account.id, merchantBranchId: branch.id, creditValue: 1000, creditType: 'ADDRESS', description: 'Demo look-ups' });
  });
}

/** Without demo data, ADMIN_USERNAME / ADMIN_PASSWORD create the first administrator. */
export async function createFirstAdmin(db: Db, userName: string, password: string) {
  await db.insert(adminUser).values({
    userName,
    passwordHash: await hashPassword(password),
    firstName: userName,
    lastName: '',
    email: `${userName}@localhost`,
    superUser: true,
    activationDate: new Date(),
  });
}
