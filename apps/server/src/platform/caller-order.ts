import { type Placeholder, type SQL, and, eq } from 'drizzle-orm';
import { customerOrder } from '../db/schema';
import { type ScopeKeys, ownedBy } from './tenancy';

/**
 * The caller's order by id: the row of its branch, and any further condition. Shared: the orders,
 * printing and payments areas each read or change one order of the caller.
 */
export const callerOrder = (s: ScopeKeys, orderId: number | Placeholder, extra?: SQL) => ownedBy(customerOrder, s, and(eq(customerOrder.id, orderId), extra));
