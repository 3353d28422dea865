import { type SQL, and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { perDatabase } from '../../db/per-database';
import { preparedSql } from '../../db/prepared-sql';
import { customerOrder, device, merchantBranch } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { SCOPE_PLACEHOLDERS } from '../../platform/tenancy';
import { callerOrder } from '../../platform/caller-order';
import { type PrintItem, type PrintableBranch, type PrintableOrder, printItem } from './print-layout';

export type PrintTarget = { id: number; name: string; networkAddress: string; port: number };
type OrderLine = PrintableOrder['lines'][number] & { productId: number | null; webMenuId: number | null };

const P = sql.placeholder;

/** What a print reads first, prepared (a print follows every accept): the order with its lines. */
const printableOrderWithLines = perDatabase((db) =>
  db
    .select({
      order: customerOrder,
      // Its lines in the order they were added, in the same round trip. The order's columns are
      // named with their table: Drizzle writes a one-table select's columns bare, which inside the
      // subquery would name the line's own (its id for the order's).
      lines: sql<OrderLine[]>`coalesce((select json_agg(json_build_object('productId', l.product_id, 'webMenuId', l.web_menu_id, 'description', l.description,
        'quantityTenths', l.quantity_tenths, 'totalPrice', l.total_price) order by l.id)
        from customer_order_line l where l.merchant_account_id = customer_order.merchant_account_id and l.order_id = customer_order.id), '[]'::json)`,
    })
    .from(customerOrder)
    .where(callerOrder(SCOPE_PLACEHOLDERS, P('orderId')))
    .prepare('printable_order_with_lines'),
);

/** The branch's active printers of a kind, the first one first, as a json array (null: none). */
function branchPrintersJson(kind: unknown): SQL {
  return sql`(select json_agg(json_build_object('id', d.id, 'name', d.name, 'networkAddress', d.network_address, 'port', d.port) order by d.id)
    from device d where d.merchant_account_id = ${P('merchantAccountId')}::int and d.merchant_branch_id = ${P('merchantBranchId')}::int
      and d.kind = ${kind}::text and d.status = 'ACTIVE')`;
}

const printersOfKind = preparedSql<{ printers: PrintTarget[] | null }>('branch_printers', sql`select ${branchPrintersJson(P('kind'))} as printers`);

type KitchenItem = { id: number; name: string; productId: number | null; slots: (number | null)[]; groups: (number | null)[] };

/**
 * A kitchen print's facts in one prepared statement: the branch's web menu items of the lines'
 * products or items, with their printer slots and groups; the branch's active kitchen printers, the
 * first one first; and the products of the items' printer groups (by name, as options are chosen).
 */
const kitchenFacts = preparedSql<{ items: KitchenItem[] | null; printers: PrintTarget[] | null; members: { groupId: number; name: string }[] | null }>(
  'print_kitchen_facts',
  sql`with items as (
      select * from web_menu
      where merchant_account_id = ${P('merchantAccountId')}::int and merchant_branch_id = ${P('merchantBranchId')}::int
        and (product_id = any(${P('productIds')}::int[]) or id = any(${P('itemIds')}::int[])))
    select
      (select json_agg(json_build_object('id', i.id, 'name', i.name, 'productId', i.product_id,
        'slots', json_build_array(i.kitchen_printer1, i.kitchen_printer2, i.kitchen_printer3, i.kitchen_printer4),
        'groups', json_build_array(i.kitchen_printer_grp1, i.kitchen_printer_grp2, i.kitchen_printer_grp3, i.kitchen_printer_grp4))) from items i) as items,
      ${branchPrintersJson(sql`'KITCHEN'`)} as printers,
      (select json_agg(json_build_object('groupId', g.group_id, 'name', p.name))
        from product_group_product g join product p on p.merchant_account_id = g.merchant_account_id and p.id = g.product_id
        where g.merchant_account_id = ${P('merchantAccountId')}::int
          and g.group_id in (select unnest(array[i.kitchen_printer_grp1, i.kitchen_printer_grp2, i.kitchen_printer_grp3, i.kitchen_printer_grp4]) from items i)) as members`,
);

/** The branch's active printers of a kind, the first one first. */
export async function branchPrinters(db: Db, s: Scope, kind: 'KITCHEN' | 'RECEIPT'): Promise<PrintTarget[]> {
  return (await printersOfKind(db, { ...s, kind }))[0].printers ?? [];
}

/** An order of the branch as tickets and receipts need it, with its lines in the order they were added: one prepared statement. */
export async function printableOrder(db: Db, s: Scope, orderId: number): Promise<(PrintableOrder & { id: number; errorType: string; lines: OrderLine[] }) | undefined> {
  const [row] = await printableOrderWithLines(db).execute({ ...s, orderId });
  return row && { ...row.order, lines: row.lines };
}

/** The shop as the receipt heads it: trading name, address, VAT number. */
export async function printableBranch(db: Db, s: Scope): Promise<PrintableBranch> {
  const [b] = await db
    .select()
    .from(merchantBranch)
    .where(and(eq(merchantBranch.merchantAccountId, s.merchantAccountId), eq(merchantBranch.id, s.merchantBranchId)));
  const street = [b.address1, b.address2, b.address3, b.address4].filter(Boolean).join(', ');
  const town = [b.city, b.postCode].filter(Boolean).join(' ');
  return { tradingName: b.tradingName, address: [street, town].filter(Boolean), vatNo: b.vatNo || null };
}

/**
 * Which kitchen printer makes what (spec 2 "WebMenu" kitchenPrinter1..4 with kitchenPrinterGrp1..4):
 * an order line prints on the active KITCHEN printer of each of its web menu item's printer slots,
 * so an order is split into one ticket per printer. A slot with a printer group lists only the
 * item's chosen options from that group (the demo's burger meal: its 'Served With' garnish in the
 * kitchen, its drink at the bar when a second slot names the bar and the drink group); a slot
 * without one lists them all. Notes go everywhere the item goes.
 * Order lines keep the web menu item they were ordered from. A line from before they did (or whose
 * item is gone) has its product and a description that starts with the item's name, so the item is
 * the one of that product with that name; when none matches (renamed since), every item of the
 * product counts. Lines of items without printers print nowhere.
 */
export async function itemPrinters(db: Db, s: Scope, lines: OrderLine[]): Promise<{ printer: PrintTarget; items: PrintItem[] }[]> {
  const productIds = [...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
  const itemIds = [...new Set(lines.flatMap((l) => (l.webMenuId === null ? [] : [l.webMenuId])))];
  if (!productIds.length && !itemIds.length) return [];
  const facts = (await kitchenFacts(db, { ...s, productIds, itemIds }))[0];
  const items = facts.items ?? [];
  const printers = facts.printers ?? [];
  const members = facts.members ?? [];
  const inGroup = (groupId: number, option: string) => members.some((m) => m.groupId === groupId && m.name === option);

  const byPrinter = new Map<number, PrintItem[]>();
  for (const line of lines) {
    const ordered = items.filter((i) => i.id === line.webMenuId);
    const ofProduct = line.productId === null ? [] : items.filter((i) => i.productId === line.productId);
    const named = ordered.length ? ordered : ofProduct.filter((i) => line.description === i.name || line.description.startsWith(`${i.name}, `));
    const item = printItem(line);
    // Per printer, the options its slots ask for (a printer named in two slots gets both slots' options).
    const options = new Map<number, Set<string>>();
    for (const i of named.length ? named : ofProduct) {
      i.slots.forEach((printerId, n) => {
        if (printerId === null) return;
        const group = i.groups[n];
        const mine = options.get(printerId) ?? new Set<string>();
        for (const o of item.options) if (group === null || inGroup(group, o)) mine.add(o);
        options.set(printerId, mine);
      });
    }
    for (const [printerId, chosen] of options) {
      byPrinter.set(printerId, [...(byPrinter.get(printerId) ?? []), { ...item, options: item.options.filter((o) => chosen.has(o)) }]);
    }
  }
  return printers.flatMap((printer) => {
    const mine = byPrinter.get(printer.id);
    return mine ? [{ printer, items: mine }] : [];
  });
}

/** The ports of the active printers set up on this machine (127.0.0.1 or localhost), of every branch: the demo printer serves them. */
export async function localPrinterPorts(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ port: device.port })
    .from(device)
    .where(and(inArray(device.networkAddress, ['127.0.0.1', 'localhost']), eq(device.status, 'ACTIVE')));
  return rows.map((r) => r.port);
}
