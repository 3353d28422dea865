import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { perDatabase } from '../../db/per-database';
import { customerOrder, customerOrderLine, device, merchantBranch, product, productGroupProduct, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { SCOPE_PLACEHOLDERS, ownedBy } from '../../platform/tenancy';
import { callerOrder } from '../../platform/caller-order';
import { type PrintItem, type PrintableBranch, type PrintableOrder, printItem } from './print-layout';

export type PrintTarget = { id: number; name: string; networkAddress: string; port: number };
type OrderLine = PrintableOrder['lines'][number] & { productId: number | null; webMenuId: number | null };

const P = sql.placeholder;

/** What a print reads, prepared (a print follows every accept): the order, its lines, their web menu items, the printer groups' products and the branch's printers. */
const printStatements = perDatabase((db) => ({
  order: db
    .select()
    .from(customerOrder)
    .where(callerOrder(SCOPE_PLACEHOLDERS, P('orderId')))
    .prepare('printable_order'),
  lines: db
    .select({ productId: customerOrderLine.productId, webMenuId: customerOrderLine.webMenuId, description: customerOrderLine.description, quantityTenths: customerOrderLine.quantityTenths, totalPrice: customerOrderLine.totalPrice })
    .from(customerOrderLine)
    .where(and(eq(customerOrderLine.merchantAccountId, SCOPE_PLACEHOLDERS.merchantAccountId), eq(customerOrderLine.orderId, P('orderId'))))
    .orderBy(customerOrderLine.id)
    .prepare('printable_order_lines'),
  items: db
    .select()
    .from(webMenu)
    .where(ownedBy(webMenu, SCOPE_PLACEHOLDERS, or(sql`${webMenu.productId} = any(${P('productIds')}::int[])`, sql`${webMenu.id} = any(${P('itemIds')}::int[])`)))
    .prepare('print_items'),
  printers: db
    .select({ id: device.id, name: device.name, networkAddress: device.networkAddress, port: device.port })
    .from(device)
    .where(ownedBy(device, SCOPE_PLACEHOLDERS, and(eq(device.kind, sql`${P('kind')}::text`), eq(device.status, 'ACTIVE'))))
    .orderBy(device.id)
    .prepare('branch_printers'),
  groupMembers: db
    .select({ groupId: productGroupProduct.groupId, name: product.name })
    .from(productGroupProduct)
    .innerJoin(product, and(eq(product.merchantAccountId, productGroupProduct.merchantAccountId), eq(product.id, productGroupProduct.productId)))
    .where(and(eq(productGroupProduct.merchantAccountId, SCOPE_PLACEHOLDERS.merchantAccountId), sql`${productGroupProduct.groupId} = any(${P('groupIds')}::int[])`))
    .prepare('print_group_members'),
}));

/** The branch's active printers of a kind, the first one first. */
export function branchPrinters(db: Db, s: Scope, kind: 'KITCHEN' | 'RECEIPT'): Promise<PrintTarget[]> {
  return printStatements(db).printers.execute({ ...s, kind });
}

/** An order of the branch as tickets and receipts need it, with its lines in the order they were added. */
export async function printableOrder(db: Db, s: Scope, orderId: number): Promise<(PrintableOrder & { id: number; errorType: string; lines: OrderLine[] }) | undefined> {
  const statements = printStatements(db);
  const [o] = await statements.order.execute({ ...s, orderId });
  if (!o) return undefined;
  return { ...o, lines: await statements.lines.execute({ ...s, orderId }) };
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
  const items = (await printStatements(db).items.execute({ ...s, productIds, itemIds })).map((i) => ({
    id: i.id,
    name: i.name,
    productId: i.productId,
    slots: [i.kitchenPrinter1, i.kitchenPrinter2, i.kitchenPrinter3, i.kitchenPrinter4],
    groups: [i.kitchenPrinterGrp1, i.kitchenPrinterGrp2, i.kitchenPrinterGrp3, i.kitchenPrinterGrp4],
  }));
  const printers = await branchPrinters(db, s, 'KITCHEN');
  const groupIds = [...new Set(items.flatMap((i) => i.groups.filter((g): g is number => g !== null)))];
  const members = groupIds.length ? await printStatements(db).groupMembers.execute({ ...s, groupIds }) : [];
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
