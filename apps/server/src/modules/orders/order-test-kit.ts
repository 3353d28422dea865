import type { Db } from '../../db/open-db';
import { basket } from '../../db/schema';
import type { Scope } from '../../platform/auth';
import { type NewOrder, insertOrder } from './orders.repo';

/**
 * An order written as the storefront writes one, for tests that need an order and not a checkout: a
 * collection paid at the counter, one flat white, ORDER_PLACED (the branch's automation decides the
 * rest). `bssId` names its basket; anything else can be given.
 */
export async function insertTestOrder(db: Db, s: Scope, bssId: string, o: Partial<Omit<NewOrder, 'basketId'>> = {}) {
  const [b] = await db.insert(basket).values({ ...s, bssId, orderType: 'COLLECTION' }).returning();
  return db.transaction((tx) =>
    insertOrder(tx, s, {
      basketId: b.id,
      orderType: 'COLLECTION',
      basketStatus: 'INPROGRESS',
      orderStatus: 'ORDER_PLACED',
      paymentType: 'PAY AT COUNTER',
      tableNo: null,
      customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', mobilePhone: '07700900123' },
      deliveryAddress: null,
      orderNotes: null,
      allergies: null,
      deliveryTime: null,
      money: { subTotal: 900, discount: 0, serviceCharge: 0, deliveryFee: 0, tax: 150, total: 900 },
      lines: [{ productId: null, description: 'Flat white', quantityTenths: 10, totalPrice: 900, weighable: false }],
      ...o,
    }),
  );
}
