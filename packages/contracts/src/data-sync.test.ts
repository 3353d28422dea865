import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DATA_GROUPS, SYNC_GROUPS, dataResetRequestSchema, dataUploadRequestSchema, tickedGroups } from './data-sync';

const first = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};
const REQUIRED = 'Please fill the required fields!';

describe('data upload and reset requests', () => {
  it('data groups are numbered 0 (Tax) to 10 (Till Customer)', () => {
    expect(DATA_GROUPS.map((g) => g.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([DATA_GROUPS[0].label, DATA_GROUPS[10].label]).toEqual(['Tax', 'Till Customer']);
    expect(SYNC_GROUPS).toEqual([...DATA_GROUPS.map((g) => g.key), 'driver']);
  });

  it('ticked groups include the numbered upload entity', () => {
    expect(tickedGroups({ tax: true, driver: true })).toEqual(['tax', 'driver']);
    expect(tickedGroups({ uploadEntity: 3 })).toEqual(['product']);
    expect(tickedGroups({})).toEqual([]);
  });

  it("'Please fill the required fields!' without a branch, without a group, or for a reset lacking both parts", () => {
    expect(first(dataUploadRequestSchema, { tax: true })).toBe(REQUIRED);
    expect(first(dataUploadRequestSchema, { merchantBranchId: 1 })).toBe(REQUIRED);
    expect(first(dataUploadRequestSchema, { merchantBranchId: 1, tax: true })).toBeNull();
    expect(first(dataResetRequestSchema, { merchantBranchId: 1, transactions: true })).toBe(REQUIRED);
    expect(first(dataResetRequestSchema, { merchantBranchId: 1, definitions: true })).toBe(REQUIRED);
    expect(first(dataResetRequestSchema, { transactions: true, definitions: true })).toBe(REQUIRED);
    expect(first(dataResetRequestSchema, { merchantBranchId: 1, transactions: true, definitions: true })).toBeNull();
  });
});
