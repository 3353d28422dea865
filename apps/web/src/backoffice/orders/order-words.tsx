/** ORDER_PLACED → 'Order Placed', INPROGRESS → 'Inprogress', sale → 'Sale': the enum as a person reads it. */
export function statusText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
    .join(' ');
}

const TYPE_ICON: Record<string, string> = {
  DELIVERY: 'pi pi-car',
  COLLECTION: 'pi pi-shopping-bag',
  TAKEAWAY: 'pi pi-shopping-bag',
  EAT_IN: 'pi pi-building',
};

/** The open orders' image column (spec 3 §2.1): the order type as a picture, named for those who cannot see it. */
export function OrderTypeImage({ orderType }: { orderType: string }) {
  return (
    <span className="order-type">
      <i className={TYPE_ICON[orderType] ?? 'pi pi-receipt'} aria-hidden="true" />
      {statusText(orderType)}
    </span>
  );
}

/** A status as a small coloured tag: new and failed things stand out. */
export function StatusTag({ value }: { value: string }) {
  return <span className={`order-tag order-tag-${value.toLowerCase().replace(/_/g, '-')}`}>{statusText(value)}</span>;
}
