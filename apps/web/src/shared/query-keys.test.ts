import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { area, refreshArea } from './query-keys';

describe('refreshArea: a save refreshes every list that shows the record', () => {
  const taxes = area('taxes', 'storemanagement/tax/');
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => JSON.stringify(q.queryKey))
      .sort();

  it("marks the area's lists and details and the tables under its base stale, and nothing else", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const fill = (key: readonly unknown[]) => client.setQueryData(key, []);
    fill(taxes.keys.list());
    fill(taxes.keys.detail(5));
    fill(taxes.keys.detail(6));
    fill(['table', 'storemanagement/tax/all', { pageNumber: 0 }]);
    fill(['table', 'merchant/account/all', { pageNumber: 0 }]);
    fill(['merchantAccounts', 'list']);
    expect(stale(client)).toEqual([]);

    // The saved record's own copy was just filled from the reply: it stays fresh.
    refreshArea(client, taxes, taxes.keys.detail(5));
    expect(stale(client)).toEqual(
      [JSON.stringify(taxes.keys.list()), JSON.stringify(taxes.keys.detail(6)), JSON.stringify(['table', 'storemanagement/tax/all', { pageNumber: 0 }])].sort(),
    );
  });
});
