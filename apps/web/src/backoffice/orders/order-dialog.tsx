import { type ReactNode, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { TabPanel, TabView } from 'primereact/tabview';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { Driver } from '@tillpoint/contracts/merchant-user';
import { type LiveOrder, ORDER_PATHS, ORDER_SCREEN, type OrderPrivilege, tillScopeAllows } from '@tillpoint/contracts/order-handling';
import { OBJECTS, privilegeKey } from '@tillpoint/contracts/privileges';
import { api } from '../../shared/api';
import { formatMoney } from '../../shared/format';
import { notify } from '../../shared/notify';
import { privilegesOf } from '../../shared/privileges';
import { getOrThrow, listQuery } from '../../shared/query-client';
import { tillScope, useUser } from '../../shared/session';
import { confirmWarning } from '../../shared/ui/confirm';
import { useBusy } from '../../shared/ui/use-busy';
import { type ButtonsOf, type OrderButton, driverSelector, orderButtons } from './order-actions';
import { orderKeys, refreshOrders } from './orders-api';
import { statusText } from './order-words';

type Props = {
  /** The order shown; null: the dialog is closed. */
  orderId: number | null;
  where: ButtonsOf;
  onClose: () => void;
};

/** A label and its value, or a dash when there is none. */
function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="order-item">
      <dt>{label}</dt>
      <dd>{children === null || children === undefined || children === '' ? '–' : children}</dd>
    </div>
  );
}

/**
 * The order detail dialog (spec 3 §2.1), titled with the order number: 'Order Detail' (error
 * details, customer, address, notes and allergies, the driver, the items) and 'Dates & Fees', and
 * the action buttons the signed-in user's roles allow in the order's state (§4.2). Opening it marks
 * the order read. An action that succeeds refreshes the lists and closes it; a refusal shows the
 * server's words and keeps it open, showing the order as it now is (another user may have moved it).
 */
export function OrderDialog({ orderId, where, onClose }: Props) {
  const queryClient = useQueryClient();
  const user = useUser();
  const keys = useMemo(() => privilegesOf(user), [user]);
  // On a till (till mode) its scope names the roles the screen works as (spec 3 §6).
  const scope = tillScope();
  const has = (p: OrderPrivilege) => keys.has(privilegeKey(OBJECTS.order, p)) && tillScopeAllows(scope, p);
  const [busy, run] = useBusy();
  const [pressed, setPressed] = useState<string | null>(null);
  const [driverChoice, setDriverChoice] = useState<number | null>(null);

  const detail = useQuery({
    queryKey: orderKeys.detail(orderId ?? 0),
    queryFn: () => getOrThrow<LiveOrder>(ORDER_PATHS.byId(orderId ?? 0)),
    enabled: orderId !== null,
    staleTime: 0,
  });
  const order = detail.data && detail.data.id === orderId ? detail.data : null;
  const selector = order && where === 'open' ? driverSelector(order) : { shown: false, editable: false };
  const drivers = useQuery(listQuery<Driver>(orderKeys.drivers, PATHS.merchantUser.drivers, selector.shown));

  const close = () => {
    setDriverChoice(null);
    onClose();
  };

  const act = async (b: OrderButton) => {
    if (!order) return;
    if (b.action === 'refund' && !(await confirmWarning(ORDER_SCREEN.refundQuestion))) return;
    const path =
      b.action === 'payment'
        ? ORDER_PATHS.payment(order.id, b.paymentType)
        : b.action === 'dispatch'
          ? ORDER_PATHS.dispatch(order.id, driverChoice ?? -1)
          : ORDER_PATHS.action(b.action, order.id);
    setPressed(b.label);
    const r = await run(api.put(path));
    setPressed(null);
    notify(r);
    if (r.ok) {
      refreshOrders(queryClient);
      close();
    } else if (r.status === 409 || r.status === 404) {
      // Someone else moved (or removed) the order first: show it as it is now.
      refreshOrders(queryClient);
    }
  };

  const buttons = order ? orderButtons(order, has, where) : [];
  const driverOptions = (drivers.data ?? []).map((d) => ({ label: d.fullName, value: d.id }));
  // A driver already set shows by name even when the list has not loaded (or no longer holds them).
  if (order?.driverId && !driverOptions.some((o) => o.value === order.driverId)) driverOptions.push({ label: order.driverFullName ?? `#${order.driverId}`, value: order.driverId });

  return (
    <Dialog
      header={order ? `Order No: ${order.orderNo}` : 'Order'}
      visible={orderId !== null}
      onHide={close}
      style={{ width: '48rem' }}
      breakpoints={{ '1024px': '80vw', '640px': '100vw' }}
      className="order-dialog"
      draggable={false}
      closable={false}
      footer={
        <div className="toolbar order-actions">
          {buttons.map((b) => (
            <Button
              key={b.label}
              type="button"
              label={b.label}
              icon={b.icon}
              size="small"
              severity={b.action === 'decline' || b.action === 'refund' ? 'danger' : undefined}
              outlined={b.action === 'printreceipt' || b.action === 'resendkitchen'}
              loading={busy && pressed === b.label}
              disabled={busy}
              onClick={() => void act(b)}
            />
          ))}
          <Button type="button" label="Close" size="small" text severity="secondary" onClick={close} />
        </div>
      }
    >
      {!order ? (
        <p className="muted">{detail.isError ? 'The order could not be loaded.' : 'Loading…'}</p>
      ) : (
        <TabView>
          <TabPanel header="Order Detail">
            {order.errorType && order.errorType !== 'INIT' && (
              <section className="order-error" aria-label="Error Details">
                <h3>
                  <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Error Details
                </h3>
                <p>
                  <strong>{order.errorType}</strong>
                  {order.errorMessage ? `: ${order.errorMessage}` : ''}
                </p>
              </section>
            )}
            <dl className="order-items">
              <Item label="Order Type">{statusText(order.orderType)}</Item>
              <Item label="Order Status">{statusText(order.orderStatus)}</Item>
              <Item label="Basket Status">{statusText(order.basketStatus)}</Item>
              <Item label="Sync Status">{statusText(order.syncStatus)}</Item>
              <Item label="Customer">{order.customerFullName}</Item>
              <Item label="Delivery Address">{order.deliveryAddress}</Item>
              <Item label="Order Notes">{order.orderNotes}</Item>
              <Item label="Allergies">{order.allergies ? <span className="order-allergies">{order.allergies}</span> : null}</Item>
            </dl>
            {selector.shown && (
              <div className="field order-driver">
                <label htmlFor="order-driver" className="field-label">
                  Driver
                </label>
                <Dropdown
                  inputId="order-driver"
                  value={order.driverId ?? driverChoice}
                  options={driverOptions}
                  onChange={(e) => setDriverChoice((e.value as number | null) ?? null)}
                  disabled={!selector.editable}
                  placeholder={drivers.isFetching ? 'Loading…' : driverOptions.length ? 'Select' : 'No drivers'}
                  showClear={selector.editable}
                  className="w-full"
                />
              </div>
            )}
            <h3 className="order-items-title">Items</h3>
            <DataTable value={order.basketDetailList} size="small" stripedRows emptyMessage="No items" className="order-lines">
              <Column field="description" header="Description" />
              <Column field="quantity" header="Quantity" align="right" />
              <Column field="totalPrice" header="Total Price" align="right" body={(l: LiveOrder['basketDetailList'][number]) => formatMoney(l.totalPrice)} />
            </DataTable>
          </TabPanel>
          <TabPanel header="Dates & Fees">
            <dl className="order-items">
              <Item label="Order Date">{order.orderDate}</Item>
              <Item label="Delivery Date">{order.deliveryDateString}</Item>
              <Item label="Accepted Date">{order.acceptedDate}</Item>
              <Item label="Preparing Date">{order.preparingDate}</Item>
              <Item label="Ready Date">{order.readyDate}</Item>
              <Item label="Delivered Date">{order.deliveredDate}</Item>
              <Item label="Sub Total">{order.subTotalPriceString}</Item>
              <Item label="Service Charge">{order.calculatedServiceChargeString}</Item>
              <Item label="Delivery Fee">{order.calculatedDeliveryFeeString}</Item>
              <Item label="Total Price">
                <strong>{order.totalPriceString}</strong>
              </Item>
            </dl>
          </TabPanel>
        </TabView>
      )}
    </Dialog>
  );
}
