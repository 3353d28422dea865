import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@tillpoint/contracts/auth';
import { groupMenu } from './use-menu';

const item = (id: number, parentId: number | null, description: string, href: string | null = null): MenuItem => ({
  id,
  parentId,
  description,
  href,
  icon: null,
});

describe('groupMenu: the home tiles and side menu', () => {
  it('groups children under their top-level item, in server order, and drops empty groups', () => {
    const groups = groupMenu([
      item(100, null, 'Merchant Accounts and Users'),
      item(101, 100, 'Merchant Accounts', '#/merchantAccountList'),
      item(102, 100, 'Admin Users', '#/adminUserList'),
      item(300, null, 'Reports'),
      item(301, 300, 'Admin Sale Report', '#/adminSaleReport'),
      item(400, null, 'Empty'),
    ]);
    expect(groups.map((g) => [g.description, g.items.map((i) => i.description)])).toEqual([
      ['Merchant Accounts and Users', ['Merchant Accounts', 'Admin Users']],
      ['Reports', ['Admin Sale Report']],
    ]);
  });
});
