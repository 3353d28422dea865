import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { type LiveOrder, ORDER_PATHS, ORDER_SCREEN } from '@tillpoint/contracts/order-handling';
import { LazyTable } from '../../shared/ui/lazy-table';
import { LiveBadge } from './live-badge';
import { OrderDialog } from './order-dialog';
import { ORDER_COLUMNS } from './order-columns';
import { statusText } from './order-words';
import { refreshOrders } from './orders-api';
import { useOrderEvents } from './use-order-events';
import './orders.css';

/**
 * #/orderHistory, Order History (spec 3 §2.1): the branch's completed orders, 10 a page, refreshed
 * every 60 seconds and by the order stream. A row opens the read-only order dialog with Print
 * Receipt and, for a paid closed sale, Refund.
 */
export default function OrderHistoryPage() {
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const { live } = useOrderEvents();
  const refetch = useCallback(() => refreshOrders(queryClient), [queryClient]);
  useEffect(() => {
    const t = setInterval(refetch, ORDER_SCREEN.historyRefreshSeconds * 1000);
    return () => clearInterval(t);
  }, [refetch]);

  return (
    <div className="orders-page">
      <LazyTable<LiveOrder>
        title="Order History"
        dataUrl={ORDER_PATHS.completedOrders}
        rows={ORDER_SCREEN.pageSize}
        rowClassName={(o) => (o.basketType === 'refund' ? 'order-refund' : '')}
        columns={[
          { field: 'basketType', header: 'Basket Type', body: (o) => <span className={`order-basket-type order-basket-${o.basketType}`}>{statusText(o.basketType)}</span> },
          ORDER_COLUMNS.orderNo,
          { field: 'receiptNumber', header: 'Receipt Number' },
          { field: 'orderDate', header: 'Order Date', filter: false },
          ORDER_COLUMNS.basketStatus,
          ORDER_COLUMNS.orderStatus,
          ORDER_COLUMNS.customer,
          ORDER_COLUMNS.driver,
        ]}
        onSelect={(o) => setOpenId(o.id)}
        actions={<LiveBadge live={live} countdown={null} />}
      />
      <OrderDialog orderId={openId} where="history" onClose={() => setOpenId(null)} />
    </div>
  );
}
