import { describe, expect, it } from 'vitest';
import { licenceCreateSchema, licenceUpdateSchema } from './licence';

const base = { merchantBranchId: 1, serviceName: 'WEB_ORDER', licenseStatus: 'DEMO', actionReason: 'SERVICE_REGISTERED' };

describe('licence form rules', () => {
  it("DEMO needs validDays: 'Please fill the Valid Days Field!'", () => {
    const r = licenceCreateSchema.safeParse(base);
    expect(r.error?.issues).toEqual([expect.objectContaining({ path: ['validDays'], message: 'Please fill the Valid Days Field!' })]);
    expect(licenceUpdateSchema.safeParse({ ...base, id: 3, validDays: null }).success).toBe(false);
  });
  it('validDays are 0 to 100 whole days', () => {
    for (const validDays of [0, 100]) expect(licenceCreateSchema.safeParse({ ...base, validDays }).success).toBe(true);
    for (const validDays of [-1, 101, 2.5]) {
      expect(licenceCreateSchema.safeParse({ ...base, validDays }).error?.issues[0].message).toBe('Valid Days must be between 0 and 100.');
    }
  });
  it('other statuses need no validDays', () => {
    expect(licenceCreateSchema.safeParse({ ...base, licenseStatus: 'ACTIVE' }).success).toBe(true);
  });
});
