import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/open-db';
import { customerOrder, customerOrderLine, device, merchantBranch, webMenu } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import type { PrintableBranch, PrintableOrder } from './print-layout';

export type PrintTarget = { id: number; name: string; networkAddress: string; port: number };
type OrderLine = PrintableOrder['lines'][number] & { productId: number | null };

/** An order of the branch as tickets and receipts need it, with its lines in the order they were added. */
export async function printableOrder(db: Db, s: Scope, orderId: number): Promise<(PrintableOrder & { id: number; lines: OrderLine[] }) | undefined> {
  const [o] = await db
    .select()
    .from(customerOrder)
    .where(and(eq(customerOrder.merchantAccountId, s.merchantAccountId), eq(customerOrder.merchantBranchId, s.merchantBranchId), eq(customerOrder.id, orderId)));
  if (!o) return undefined;
  const lines = await db
    .select({ productId: customerOrderLine.productId, description: customerOrderLine.description, quantityTenths: customerOrderLine.quantityTenths, totalPrice: customerOrderLine.totalPrice })
    .from(customerOrderLine)
    .where(and(eq(customerOrderLine.merchantAccountId, s.merchantAccountId), eq(customerOrderLine.orderId, orderId)))
    .orderBy(customerOrderLine.id);
  return { ...o, lines };
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
 * Which kitchen printer makes which lines (spec 2 "WebMenu" kitchenPrinter1..4): each line prints on
 * every active KITCHEN printer of the web menu item it was ordered from, so an order is split into
 * one ticket per printer. Order lines keep the product and a description that starts with the
 * item's name, so the item is the one of that product with that name; when none matches (renamed
 * since), every item of the product counts. Lines of items without printers print nowhere.
 */
export async function itemPrinters(db: Db, s: Scope, lines: OrderLine[]): Promise<{ printer: PrintTarget; lines: OrderLine[] }[]> {
  const productIds = [...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
  if (!productIds.length) return [];
  const items = await db
    .select({ name: webMenu.name, productId: webMenu.productId, p1: webMenu.kitchenPrinter1, p2: webMenu.kitchenPrinter2, p3: webMenu.kitchenPrinter3, p4: webMenu.kitchenPrinter4 })
    .from(webMenu)
    .where(and(eq(webMenu.merchantAccountId, s.merchantAccountId), eq(webMenu.merchantBranchId, s.merchantBranchId), inArray(webMenu.productId, productIds)));
  const printers = await db
    .select({ id: device.id, name: device.name, networkAddress: device.networkAddress, port: device.port })
    .from(device)
    .where(and(eq(device.merchantAccountId, s.merchantAccountId), eq(device.merchantBranchId, s.merchantBranchId), eq(device.kind, 'KITCHEN'), eq(device.status, 'ACTIVE')))
    .orderBy(device.id);
  const byPrinter = new Map<number, OrderLine[]>();
  for (const line of lines) {
    const ofProduct = items.filter((i) => i.productId === line.productId);
    const named = ofProduct.filter((i) => line.description === i.name || line.description.startsWith(`${i.name}, `));
    const ids = new Set((named.length ? named : ofProduct).flatMap((i) => [i.p1, i.p2, i.p3, i.p4].filter((p): p is number => p !== null)));
    for (const id of ids) byPrinter.set(id, [...(byPrinter.get(id) ?? []), line]);
  }
  return printers.flatMap((printer) => {
    const mine = byPrinter.get(printer.id);
    return mine ? [{ printer, lines: mine }] : [];
  });
}
