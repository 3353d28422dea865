import type { LiveOrder } from '@tillpoint/contracts/order-handling';
import type { LazyColumn } from '../../shared/ui/lazy-table';
import { StatusTag } from './order-words';

/** The columns Open Orders and Order History both show (spec 3 §2.1), shown the same on both. */
export const ORDER_COLUMNS = {
  orderNo: { field: 'orderNo', header: 'Order No', numeric: true },
  basketStatus: { field: 'basketStatus', header: 'Basket Status', body: (o) => <StatusTag value={o.basketStatus} /> },
  orderStatus: { field: 'orderStatus', header: 'Order Status', body: (o) => <StatusTag value={o.orderStatus} /> },
  customer: { field: 'customerFullName', header: 'Customer', body: (o) => <span className="order-name">{o.customerFullName}</span> },
  driver: { field: 'driverFullName', header: 'Driver', body: (o) => <span className="order-name">{o.driverFullName}</span> },
} satisfies Record<string, LazyColumn<LiveOrder>>;
