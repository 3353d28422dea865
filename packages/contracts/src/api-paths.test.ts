import { describe, expect, it } from 'vitest';
import { PATHS, resourcePaths } from './api-paths';

describe('resourcePaths', () => {
  it('spells every generic call of ARCHITECTURE §2 for a base', () => {
    const p = resourcePaths('storemanagement/tax/');
    expect({
      base: p.base,
      all: p.all,
      byId: p.byId(7),
      byBranch: p.byBranch(3),
      allOfBranch: p.allOfBranch(3),
      active: p.active,
      activeCombo: p.activeCombo,
      create: p.create,
      update: p.update,
      remove: p.remove(7),
      status: p.status(7, 'PASSIVE'),
      imageUpload: p.imageUpload(7, 'WEB'),
      imageRemove: p.imageRemove(7, 'WEB'),
      imageDownload: p.imageDownload(7, 'TILL'),
    }).toEqual({
      base: 'storemanagement/tax/',
      all: 'storemanagement/tax/all',
      byId: 'storemanagement/tax/7',
      byBranch: 'storemanagement/tax/merchantBranchId/3',
      allOfBranch: 'storemanagement/tax/all/3',
      active: 'storemanagement/tax/status/active',
      activeCombo: 'storemanagement/tax/status/active/combo',
      create: 'storemanagement/tax/create',
      update: 'storemanagement/tax/update',
      remove: 'storemanagement/tax/7',
      status: 'storemanagement/tax/7/status/PASSIVE',
      imageUpload: 'storemanagement/tax/image/upload/7/WEB',
      imageRemove: 'storemanagement/tax/image/remove/7/WEB',
      imageDownload: 'storemanagement/tax/image/download/7/TILL',
    });
  });

  it("keeps the areas' own spellings beside the generic ones", () => {
    expect(PATHS.merchantBranch.create(4)).toBe('merchant/branch/4/branch');
    expect(PATHS.merchantBranch.all).toBe('merchant/branch/all');
    expect(PATHS.productTag.imageUpload(5)).toBe('storemanagement/tag/image/upload/5/WEB');
    expect(PATHS.credit.totals(2)).toBe('merchant/credit/totals/merchantBranchId/2');
    expect(PATHS.merchantUser.tillUserCreate).toBe('merchantuser/tilluser/create');
  });
});
