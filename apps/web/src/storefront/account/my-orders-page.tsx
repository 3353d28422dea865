import { useEffect, useId, useState } from 'react';
import type { MemberOrderStatus, PreviousOrder } from '@tillpoint/contracts/member-data';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import type { TableLoadResponse } from '@tillpoint/contracts/table-load';
import { api } from '../../shared/api';
import { formatDateTime } from '../../shared/format';
import { Dialog } from '../dialog';
import { Link } from '../router';
import { MemberDataLoading, useMemberData } from './member-data';
import '../checkout/checkout.css';
import './account.css';

/** Ours: the spec gives My Orders paging but not its size; the live-order tables use 10. */
export const MY_ORDERS_PAGE_SIZE = 10;

/** The order types as the storefront names them (spec 3 §9: Delivery, Collection, Table Order). */
const ORDER_TYPE_LABEL: Record<string, string> = { DELIVERY: 'Delivery', COLLECTION: 'Collection', EAT_IN: 'Table Order', TAKEAWAY: 'Takeaway' };
const typeLabel = (t: string) => ORDER_TYPE_LABEL[t] ?? t;

/** A colour for each member-facing status: under way, done, or stopped. */
const TONE: Record<MemberOrderStatus, 'live' | 'done' | 'stopped'> = {
  Placed: 'live',
  Accepted: 'live',
  Preparing: 'live',
  Ready: 'live',
  'On its way': 'live',
  Delivered: 'done',
  Completed: 'done',
  Declined: 'stopped',
  Cancelled: 'stopped',
};

export function OrderStatusPill({ status }: { status: MemberOrderStatus }) {
  return <span className={`ac-status ac-status-${TONE[status]}`}>{status}</span>;
}

/**
 * My Orders (`/myOrders`, spec 3 §2.2): the member's previous orders, newest first, a page at a time
 * from the server (Store, orderNo, orderDate, the member-facing status), and the 'Order Details' dialog
 * with order no, type, status, delivery address, items, and discount, delivery fee, service charge, VAT
 * and total as the order was priced.
 */
export function MyOrdersPage() {
  const id = useId();
  const [pageNumber, setPageNumber] = useState(0);
  const [open, setOpen] = useState<PreviousOrder | null>(null);

  useEffect(() => {
    document.title = 'Orders · Tillpoint';
  }, []);

  const { data: result, failed } = useMemberData(
    () =>
      api.put<TableLoadResponse<PreviousOrder>>(MEMBER_DATA_PATHS.previousOrdersTable, { filter: [], sort: [{ name: 'orderDate', ascending: false }], pageNumber, limit: MY_ORDERS_PAGE_SIZE }),
    pageNumber,
  );

  const pages = result ? Math.max(1, Math.ceil(result.totalCount / MY_ORDERS_PAGE_SIZE)) : 1;
  return (
    <div className="co-page ac-page">
      <h1 className="co-title">Orders</h1>
      {!result ? (
        <MemberDataLoading failed={failed} what="Your orders" />
      ) : result.totalCount === 0 ? (
        <section className="co-card-box ac-empty-box">
          <h2>No orders yet</h2>
          <p className="co-muted">Orders you place while signed in appear here, with their status.</p>
          <Link to="/marketplace" className="co-button co-button-primary">
            Find a store
          </Link>
        </section>
      ) : (
        <section className="co-card-box ac-orders" aria-labelledby={`${id}-h`}>
          <h2 id={`${id}-h`} className="sf-sr-only">
            Previous orders
          </h2>
          <table className="ac-table">
            <thead>
              <tr>
                <th scope="col">Store</th>
                <th scope="col">Order No</th>
                <th scope="col">Order Date</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sf-sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {result.data.map((o) => (
                <tr key={`${o.merchantBranchId}:${o.id}`}>
                  <td className="ac-cell-store">{o.businessName}</td>
                  <td className="ac-cell-no">#{o.orderNo}</td>
                  <td className="ac-cell-date">{formatDateTime(o.orderDate)}</td>
                  <td className="ac-cell-status">
                    <OrderStatusPill status={o.orderStatusMember} />
                  </td>
                  <td className="ac-cell-open">
                    <button type="button" className="co-button co-button-secondary ac-small" onClick={() => setOpen(o)} aria-label={`Order Details of order ${o.orderNo}`}>
                      Details
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="ac-pager" aria-label="Pages">
            <button type="button" className="co-button co-button-secondary ac-small" onClick={() => setPageNumber((p) => p - 1)} disabled={pageNumber === 0}>
              Previous
            </button>
            <span className="ac-pager-text">
              Page {pageNumber + 1} of {pages} · {result.totalCount} {result.totalCount === 1 ? 'order' : 'orders'}
            </span>
            <button type="button" className="co-button co-button-secondary ac-small" onClick={() => setPageNumber((p) => p + 1)} disabled={pageNumber + 1 >= pages}>
              Next
            </button>
          </nav>
        </section>
      )}
      {open && <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** The order's money as it was priced when placed (the server reads it from the order; nothing is recomputed here). */
function OrderTotals({ order }: { order: PreviousOrder }) {
  return (
    <dl className="sf-totals" aria-label="Order totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{order.subTotalPriceString}</dd>
      </div>
      {order.discountPrice > 0 && (
        <div className="sf-totals-offer">
          <dt>Discount</dt>
          <dd>-{order.discountPriceString}</dd>
        </div>
      )}
      {(order.orderType === 'DELIVERY' || order.deliveryPrice > 0) && (
        <div>
          <dt>Delivery fee</dt>
          <dd>{order.deliveryPrice > 0 ? order.deliveryFeeString : 'Free'}</dd>
        </div>
      )}
      {order.calculatedServiceCharge > 0 && (
        <div>
          <dt>Service charge</dt>
          <dd>{order.calculatedServiceChargeString}</dd>
        </div>
      )}
      <div className="sf-totals-total">
        <dt>Total</dt>
        <dd>{order.totalPriceString}</dd>
      </div>
      <div className="sf-totals-vat">
        <dt>Includes VAT</dt>
        <dd>{order.totalTaxPriceString}</dd>
      </div>
    </dl>
  );
}

function OrderDetailsDialog({ order, onClose }: { order: PreviousOrder; onClose: () => void }) {
  return (
    <Dialog
      title="Order Details"
      onClose={onClose}
      className="ac-order-dialog"
      footer={
        <button type="button" className="sf-button sf-button-ghost" onClick={onClose}>
          Close
        </button>
      }
    >
      <dl className="ac-facts">
        <div>
          <dt>Order No</dt>
          <dd>#{order.orderNo}</dd>
        </div>
        <div>
          <dt>Store</dt>
          <dd>{order.businessName}</dd>
        </div>
        <div>
          <dt>Order Date</dt>
          <dd>{formatDateTime(order.orderDate)}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{typeLabel(order.orderType)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <OrderStatusPill status={order.orderStatusMember} />
          </dd>
        </div>
        {order.deliveryAddress && (
          <div className="ac-facts-wide">
            <dt>Delivery Address</dt>
            <dd>{order.deliveryAddress}</dd>
          </div>
        )}
      </dl>
      <h3 className="ac-items-title">Items</h3>
      {order.basketDetailList.length === 0 ? (
        <p className="co-muted">No items.</p>
      ) : (
        <ul className="ac-items">
          {order.basketDetailList.map((line, i) => (
            // Lines have no id of their own here; their order is the order's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only and never reordered.
            <li key={i}>
              <span className="ac-item-qty">{line.quantity}×</span>
              <span className="ac-item-name">{line.description}</span>
              <span className="ac-item-price">{line.totalPriceString}</span>
            </li>
          ))}
        </ul>
      )}
      <OrderTotals order={order} />
    </Dialog>
  );
}
