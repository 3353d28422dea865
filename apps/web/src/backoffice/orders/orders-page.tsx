import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { type LiveOrder, ORDER_PATHS, ORDER_SCREEN } from '@tillpoint/contracts/order-handling';
import { getOrThrow } from '../../shared/query-client';
import { LazyTable } from '../../shared/ui/lazy-table';
import { LiveBadge } from './live-badge';
import { OrderDialog } from './order-dialog';
import { ORDER_COLUMNS } from './order-columns';
import { OrderTypeImage, StatusTag } from './order-words';
import { orderKeys, refreshOrders } from './orders-api';
import { useActionSound } from './use-action-sound';
import { useFallbackCountdown, useOrderEvents } from './use-order-events';
import './orders.css';

/**
 * #/orders, Open Orders (spec 3 §2.1): the branch's open orders, 10 a page, 'Not any order' when
 * none. Changes arrive pushed by the order stream; while it is down the spec's 10-second countdown
 * refetches instead, and the header says which. actionRequired sounds while any open order is
 * unread (once the user allowed sound). A row opens the order dialog.
 */
export default function OrdersPage() {
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const { live } = useOrderEvents();
  const refetch = useCallback(() => refreshOrders(queryClient), [queryClient]);
  const countdown = useFallbackCountdown(live, ORDER_SCREEN.openRefreshSeconds, refetch);
  const unread = useQuery({ queryKey: orderKeys.unread, queryFn: () => getOrThrow<{ count: number }>(ORDER_PATHS.unreadCount), staleTime: 0 });
  const unreadCount = unread.data?.count ?? 0;
  const sound = useActionSound(unreadCount > 0);

  return (
    <div className="orders-page">
      <LazyTable<LiveOrder>
        title="Open Orders"
        dataUrl={ORDER_PATHS.newOrders}
        rows={ORDER_SCREEN.pageSize}
        emptyMessage={ORDER_SCREEN.noOrders}
        rowClassName={(o) => [o.syncStatus === 'FAILED' ? 'order-sync-failed' : '', o.read ? '' : 'order-unread'].filter(Boolean).join(' ')}
        columns={[
          { field: 'id', header: 'Id', numeric: true },
          ORDER_COLUMNS.orderNo,
          { field: 'orderTime', header: 'Order Time', filter: false },
          ORDER_COLUMNS.basketStatus,
          ORDER_COLUMNS.orderStatus,
          { field: 'syncStatus', header: 'Sync Status', body: (o) => <StatusTag value={o.syncStatus} /> },
          ORDER_COLUMNS.customer,
          ORDER_COLUMNS.driver,
          { field: 'orderType', header: 'Image', body: (o) => <OrderTypeImage orderType={o.orderType} /> },
        ]}
        onSelect={(o) => setOpenId(o.id)}
        actions={
          <>
            {unreadCount > 0 && (
              <span className="order-unread-count" role="status">
                <i className="pi pi-bell" aria-hidden="true" /> {unreadCount} unread
              </span>
            )}
            {sound.allowed ? (
              <Button type="button" icon="pi pi-volume-up" label="Sound on" size="small" text onClick={sound.mute} title="Mute the new-order sound" />
            ) : (
              <Button type="button" icon="pi pi-volume-off" label="Allow sound" size="small" outlined onClick={() => void sound.allow()} title="Browsers play sounds only after a click" />
            )}
            <LiveBadge live={live} countdown={countdown} />
          </>
        }
      />
      <OrderDialog orderId={openId} where="open" onClose={() => setOpenId(null)} />
    </div>
  );
}
