import { describe, expect, it } from 'vitest';
import { tableLoadFromQuery, tableLoadQuerySchema } from './table-load';

const parse = (q: Record<string, string | string[] | undefined>) => tableLoadQuerySchema.safeParse(q);

describe('the GET form of a table load (spec 3 §7.1)', () => {
  it('reads paging, sorts and filters, repeated or single; the value keeps its colons', () => {
    const q = parse({ pageNumber: '2', limit: '-1', sort: ['-orderNo', 'id'], filter: ['orderStatus:equals:ORDER_PLACED', 'orderDate:dateAfter:2026-11-23T10:00:00Z'] });
    expect(q.success).toBe(true);
    expect(tableLoadFromQuery(q.data ?? {})).toEqual({
      pageNumber: 2,
      limit: -1,
      sort: [
        { name: 'orderNo', ascending: false },
        { name: 'id', ascending: true },
      ],
      filter: [
        { name: 'orderStatus', filterMatchMode: 'equals', value: 'ORDER_PLACED' },
        { name: 'orderDate', filterMatchMode: 'dateAfter', value: '2026-11-23T10:00:00Z' },
      ],
    });
  });

  it('defaults to the first page of the given size; in and between split their values on commas', () => {
    expect(tableLoadFromQuery({}, 10)).toEqual({ pageNumber: 0, limit: 10, sort: [], filter: [] });
    const q = parse({ filter: ['id:in:3,4', 'orderNo:between:5,'] });
    expect(tableLoadFromQuery(q.data ?? {}).filter?.map((f) => f.value)).toEqual([['3', '4'], ['5', '']]);
  });

  it('refuses bad values and unknown keys', () => {
    const bads: Record<string, string | string[]>[] = [
      { pageNumber: '-1' },
      { pageNumber: '01' },
      { pageNumber: 'x' },
      { limit: '0' },
      { limit: '1001' },
      { limit: '-2' },
      { sort: 'order No' },
      { sort: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { filter: 'orderStatus' },
      { filter: 'orderStatus:like:x' },
      { filter: ':equals:x' },
      { page: '1' },
    ];
    for (const bad of bads) {
      expect([bad, parse(bad).success]).toEqual([bad, false]);
    }
  });
});
