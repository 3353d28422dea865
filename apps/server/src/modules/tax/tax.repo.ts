import type { Tax, TaxInput } from '@tillpoint/contracts/tax';
import { tax } from '../../db/schema';
import { branchRepo } from '../../platform/branch-repo';
import { percentToBp } from '../../platform/money';
import { hundredthsColumn } from '../../platform/table-load';

/** Rates are stored in basis points; the API speaks percent with two decimals. */
export const taxRepo = branchRepo<typeof tax, Tax, TaxInput>(tax, tax, {
  columns: {
    id: { column: tax.id, kind: 'number' },
    name: { column: tax.name, kind: 'text' },
    rate: hundredthsColumn(tax.rateBp),
  },
  toRecord: (r) => ({ id: r.id, name: r.name, rate: r.rateBp / 100 }),
  toRow: (i) => ({ name: i.name, rateBp: percentToBp(i.rate) }),
});
