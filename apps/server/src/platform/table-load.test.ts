import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/harness';

/** The generic table load (ARCHITECTURE §2), through the tax table of the demo store. */
type Tax = { id: number; name: string; rate: number };
type Page = { data: Tax[]; totalCount: number };
type Filter = { name: string; value: unknown; filterMatchMode?: string; type?: string };
type Request = { filter?: Filter[]; sort?: { name: string; ascending: boolean }[]; pageNumber?: number; limit?: number };

let t: TestApp;
let token: string;
/** Every tax of the store, by name. The demo data brings Standard 20, Reduced 5 and Zero 0. */
const byName = new Map<string, Tax>();
const EXTRA: [string, number][] = [
  ['Alcohol', 20],
  ['Children clothes', 0],
  ['50% off', 12.5],
  ['a_b', 7],
  ['axb', 7.5],
  ['Luxury', 17.5],
  ['Reduced Energy', 5],
  ['Export zero', 0],
  ['Hot food', 20],
  ['back\\slash', 1],
];

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn('merchant')).accessToken;
  for (const [name, rate] of EXTRA) {
    const res = await t.json<Tax>('POST', '/api/storemanagement/tax/create', { name, rate }, token);
    expect(res.status).toBe(200);
  }
  const all = await t.json<Tax[]>('GET', '/api/storemanagement/tax/all', undefined, token);
  for (const tax of all.body) byName.set(tax.name, tax);
  expect(byName.size).toBe(13);
});
afterAll(() => t.close());

const load = (body: Request) => t.json<Page>('PUT', '/api/storemanagement/tax/all', body, token);
const names = async (body: Request) => {
  const res = await load({ limit: -1, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((r) => r.name);
};
const filtered = (name: string, filterMatchMode: string, value: unknown) => names({ filter: [{ name, value, filterMatchMode }] });
const sorted = (list: string[]) => [...list].sort();
const all = () => [...byName.keys()];

describe('table load: paging', () => {
  it('pages count from 0, every page carries the total, and the pages add up to the whole table in order', async () => {
    const everything = await names({ sort: [{ name: 'name', ascending: true }] });
    expect(everything).toHaveLength(13);
    const seen: string[] = [];
    for (let pageNumber = 0; pageNumber < 5; pageNumber++) {
      const res = await load({ sort: [{ name: 'name', ascending: true }], pageNumber, limit: 4 });
      expect(res.status).toBe(200);
      expect(res.body.totalCount).toBe(13);
      expect(res.body.data.length).toBe([4, 4, 4, 1, 0][pageNumber]);
      seen.push(...res.body.data.map((r) => r.name));
    }
    expect(seen).toEqual(everything);
  });

  it('the total counts the filtered rows, not the page', async () => {
    const res = await load({ filter: [{ name: 'rate', value: 20, filterMatchMode: 'equals' }], pageNumber: 0, limit: 2 });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.totalCount).toBe(3);
  });

  it('limit -1 returns every row (exports), whatever the page number', async () => {
    const res = await load({ limit: -1, pageNumber: 3 });
    expect(res.body.data).toHaveLength(13);
    expect(res.body.totalCount).toBe(13);
  });

  it('defaults: no body fields gives the first 10 rows in id order', async () => {
    const res = await load({});
    expect(res.body.totalCount).toBe(13);
    expect(res.body.data.map((r) => r.id)).toEqual([...byName.values()].map((r) => r.id).sort((a, b) => a - b).slice(0, 10));
  });

  it('a bad page request is a 400 with a typed body', async () => {
    for (const body of [{ pageNumber: -1 }, { limit: -2 }, { limit: 100_000 }, { pageNumber: 0.5 }]) {
      const res = await load(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING' });
    }
  });
});

describe('table load: sorting', () => {
  it('sorts by name both ways, ignoring letter case', async () => {
    const expected = ['50% off', 'a_b', 'Alcohol', 'axb', 'back\\slash', 'Children clothes', 'Export zero', 'Hot food', 'Luxury', 'Reduced', 'Reduced Energy', 'Standard', 'Zero'];
    expect(await names({ sort: [{ name: 'name', ascending: true }] })).toEqual(expected);
    expect(await names({ sort: [{ name: 'name', ascending: false }] })).toEqual([...expected].reverse());
  });

  it('breaks ties by id, so equal values keep one stable order in both directions', async () => {
    const idsOf = (rate: number) =>
      [...byName.values()]
        .filter((r) => r.rate === rate)
        .map((r) => r.id)
        .sort((a, b) => a - b);
    const asc = await load({ sort: [{ name: 'rate', ascending: true }], limit: -1 });
    const desc = await load({ sort: [{ name: 'rate', ascending: false }], limit: -1 });
    const ascIds = asc.body.data.map((r) => r.id);
    const descIds = desc.body.data.map((r) => r.id);
    expect(ascIds).toEqual([...idsOf(0), ...idsOf(1), ...idsOf(5), ...idsOf(7), ...idsOf(7.5), ...idsOf(12.5), ...idsOf(17.5), ...idsOf(20)]);
    expect(descIds).toEqual([...idsOf(20), ...idsOf(17.5), ...idsOf(12.5), ...idsOf(7.5), ...idsOf(7), ...idsOf(5), ...idsOf(1), ...idsOf(0)]);
  });

  it('sorts by several columns in the order given', async () => {
    const res = await names({
      sort: [
        { name: 'rate', ascending: false },
        { name: 'name', ascending: false },
      ],
    });
    expect(res.slice(0, 4)).toEqual(['Standard', 'Hot food', 'Alcohol', 'Luxury']);
  });
});

describe('table load: text filters', () => {
  it('startsWith, contains, notContains and endsWith ignore letter case', async () => {
    expect(sorted(await filtered('name', 'startsWith', 're'))).toEqual(['Reduced', 'Reduced Energy']);
    expect(sorted(await filtered('name', 'contains', 'ZER'))).toEqual(['Export zero', 'Zero']);
    expect(sorted(await filtered('name', 'endsWith', 'ZERO'))).toEqual(['Export zero', 'Zero']);
    expect(sorted(await filtered('name', 'notContains', 'o'))).toEqual(sorted(all().filter((n) => !n.toLowerCase().includes('o'))));
    expect(await filtered('name', 'notContains', 'o')).not.toContain('Zero');
  });

  it('equals and notEquals compare whole values, ignoring letter case', async () => {
    expect(await filtered('name', 'equals', 'standard')).toEqual(['Standard']);
    expect(await filtered('name', 'equals', 'Stand')).toEqual([]);
    expect(sorted(await filtered('name', 'notEquals', 'STANDARD'))).toEqual(sorted(all().filter((n) => n !== 'Standard')));
  });

  it('in matches any of a list of values', async () => {
    expect(sorted(await filtered('name', 'in', ['Zero', 'Luxury', 'Nothing']))).toEqual(['Luxury', 'Zero']);
  });

  it('LIKE wildcards and the escape character in a value are matched literally', async () => {
    expect(await filtered('name', 'contains', '%')).toEqual(['50% off']);
    expect(await filtered('name', 'contains', '_')).toEqual(['a_b']);
    expect(await filtered('name', 'startsWith', 'a_')).toEqual(['a_b']);
    expect(await filtered('name', 'endsWith', '%')).toEqual([]);
    expect(await filtered('name', 'contains', '\\')).toEqual(['back\\slash']);
    expect(await filtered('name', 'contains', '\\s')).toEqual(['back\\slash']);
  });

  it('an empty value means no filter', async () => {
    expect(await filtered('name', 'contains', '')).toHaveLength(13);
    expect(await filtered('name', 'in', [])).toHaveLength(13);
    expect(await filtered('rate', 'equals', null)).toHaveLength(13);
  });

  it('the default match mode is contains', async () => {
    expect(sorted(await names({ filter: [{ name: 'name', value: 'duced' }] }))).toEqual(['Reduced', 'Reduced Energy']);
  });

  it('filters combine with AND', async () => {
    const res = await names({
      filter: [
        { name: 'name', value: 'o', filterMatchMode: 'contains' },
        { name: 'rate', value: 20, filterMatchMode: 'equals' },
      ],
    });
    expect(sorted(res)).toEqual(['Alcohol', 'Hot food']);
  });
});

describe('table load: number filters (rates in percent, as the API shows them)', () => {
  it('equals, notEquals, lt, lte, gt, gte', async () => {
    expect(sorted(await filtered('rate', 'equals', 20))).toEqual(['Alcohol', 'Hot food', 'Standard']);
    expect(await filtered('rate', 'equals', 17.5)).toEqual(['Luxury']);
    expect(await filtered('rate', 'equals', '12.5')).toEqual(['50% off']);
    expect(await filtered('rate', 'notEquals', 0)).toHaveLength(10);
    expect(sorted(await filtered('rate', 'lt', 5))).toEqual(['Children clothes', 'Export zero', 'Zero', 'back\\slash']);
    expect(sorted(await filtered('rate', 'lte', 1))).toEqual(['Children clothes', 'Export zero', 'Zero', 'back\\slash']);
    expect(sorted(await filtered('rate', 'gt', 17.5))).toEqual(['Alcohol', 'Hot food', 'Standard']);
    expect(sorted(await filtered('rate', 'gte', 17.5))).toEqual(['Alcohol', 'Hot food', 'Luxury', 'Standard']);
  });

  it('between includes both ends, and an open end leaves that side unbounded', async () => {
    expect(sorted(await filtered('rate', 'between', [5, 12.5]))).toEqual(['50% off', 'Reduced', 'Reduced Energy', 'a_b', 'axb']);
    expect(sorted(await filtered('rate', 'between', [17.5, null]))).toEqual(['Alcohol', 'Hot food', 'Luxury', 'Standard']);
    expect(sorted(await filtered('rate', 'between', [null, 1]))).toEqual(['Children clothes', 'Export zero', 'Zero', 'back\\slash']);
  });

  it('in matches any of a list of rates', async () => {
    expect(sorted(await filtered('rate', 'in', [7.5, 12.5]))).toEqual(['50% off', 'axb']);
  });

  it('text match modes on a rate compare the rate as it is shown (17.5, not 1750)', async () => {
    expect(await filtered('rate', 'contains', '17.5')).toEqual(['Luxury']);
    expect(sorted(await filtered('rate', 'contains', '.5'))).toEqual(['50% off', 'Luxury', 'axb']);
    expect(sorted(await filtered('rate', 'startsWith', '7'))).toEqual(['a_b', 'axb']);
    expect(await filtered('rate', 'startsWith', '70')).toEqual([]);
  });

  it('a value that is not a number is a 400 with a typed body', async () => {
    for (const value of ['abc', ['1', 'x']]) {
      const res = await load({ filter: [{ name: 'rate', value, filterMatchMode: Array.isArray(value) ? 'between' : 'equals' }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ type: 'WARNING', details: 'The filter value of rate must be a number.' });
    }
  });

  it('a number out of the column range is a 400, not a server error', async () => {
    for (const [name, value, mode] of [
      ['rate', 1e12, 'gt'],
      ['rate', [0, 1e300], 'between'],
      ['id', 3_000_000_000, 'equals'],
      ['id', 1.5, 'equals'],
      ['rate', [1, 1e20], 'in'],
    ] as const) {
      const res = await load({ filter: [{ name, value, filterMatchMode: mode }] });
      expect(res.status, `${name} ${mode} ${JSON.stringify(value)}`).toBe(400);
      expect(res.body).toMatchObject({ type: 'WARNING' });
    }
  });
});

describe('table load: the allow-list', () => {
  it('an unknown filter name is a 400, even a real column that is not on the list', async () => {
    for (const name of ['merchantAccountId', 'rateBp', 'nope', '__proto__', 'constructor']) {
      const res = await load({ filter: [{ name, value: '1', filterMatchMode: 'equals' }] });
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ type: 'WARNING', details: `Unknown filter field: ${name}` });
    }
  });

  it('an unknown sort name is a 400', async () => {
    for (const name of ['merchantBranchId', 'toString']) {
      const res = await load({ sort: [{ name, ascending: true }] });
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({ type: 'WARNING', details: `Unknown sort field: ${name}` });
    }
  });

  it('a match mode that does not apply to the column is a 400', async () => {
    for (const [name, mode, value] of [
      ['name', 'lt', 'x'],
      ['name', 'between', ['a', 'b']],
      ['rate', 'dateIs', '2024-01-01'],
    ] as const) {
      const res = await load({ filter: [{ name, value, filterMatchMode: mode }] });
      expect(res.status, `${name} ${mode}`).toBe(400);
      expect(res.body).toEqual({ type: 'WARNING', details: `The match mode ${mode} does not apply to ${name}.` });
    }
    const unknownMode = await load({ filter: [{ name: 'name', value: 'x', filterMatchMode: 'regex' }] });
    expect(unknownMode.status).toBe(400);
    expect(unknownMode.body).toMatchObject({ type: 'WARNING' });
  });
});
