import type { QueryClient } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { ORDER_PATHS } from '@tillpoint/contracts/order-handling';
import { area, refreshArea } from '../../shared/query-keys';

/** Live orders (spec 3 §7.1, base storemanagement/order/): the tables, an order's detail and the unread count. */
export const orders = area('orders', ORDER_PATHS.base);

export const orderKeys = {
  detail: orders.keys.detail,
  unread: [...orders.keys.all, 'unread'] as const,
  drivers: ['drivers', PATHS.merchantUser.drivers] as const,
};

/** Every order query on screen or cached goes stale: both tables, an open detail, the unread count. */
export const refreshOrders = (queryClient: QueryClient) => refreshArea(queryClient, orders);
