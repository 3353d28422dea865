import { SERVICE_CHARGE_CHOICES } from '@tillpoint/contracts/basket-paths';
import type { Basket, BasketLine } from '@tillpoint/contracts/basket';
import { formatMoney } from '../shared/format';
import { addOneToLine, chooseServiceCharge, removeLine, removeOneFromLine, useBasket } from './basket-store';

/**
 * The order / basket panel (spec 3 §2.2): create mode on the menu page (lines with + and −, the
 * checkout button) and view mode on the checkout (discount, delivery fee, service charge and its
 * chooser 5 / 10 / 20 % / 'Not this time', none when the store ENFORCES it). Every figure is the server's.
 */
export type BasketPanelProps = {
  mode: 'create' | 'view';
  /** Create mode: the checkout button's action; it is disabled with an empty basket or a closed store. */
  onCheckout?: () => void;
  /** The store is closed: no + and no checkout. */
  closed?: boolean;
  /** View mode: whether the lines may still be changed (the checkout lets a customer fix a quantity). */
  editable?: boolean;
  /** Phone sheet: the panel sits in a dialog with its own heading. */
  hideHeading?: boolean;
};

const quantityText = (line: BasketLine) => (line.weighable ? `${line.quantity.toFixed(1)} ${line.unit ?? 'kg'}` : String(line.quantity));

export function BasketPanel({ mode, onCheckout, closed = false, editable = mode === 'create', hideHeading = false }: BasketPanelProps) {
  const { basket, busy } = useBasket();
  const lines = basket?.basketDetailList ?? [];
  const empty = lines.length === 0;
  return (
    <section className="sf-basket" aria-labelledby={hideHeading ? undefined : 'sf-basket-title'} aria-label={hideHeading ? 'Your Order' : undefined}>
      {!hideHeading && (
        <h2 id="sf-basket-title" className="sf-basket-title">
          Your Order
          {!empty && <span className="sf-basket-count">{basket?.itemCount} {basket?.itemCount === 1 ? 'item' : 'items'}</span>}
        </h2>
      )}
      {empty ? (
        <div className="sf-basket-empty">
          {/* Drawn, not an emoji: a phone without an emoji font showed an empty box. */}
          <svg className="sf-basket-empty-icon" width="40" height="40" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
            <path d="M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9z" />
            <path d="M9 10V7a3 3 0 0 1 6 0v3" />
          </svg>
          <p>Your basket is empty.</p>
          <p className="sf-muted">Add something from the menu to start your order.</p>
        </div>
      ) : (
        <ul className="sf-basket-lines" aria-busy={busy}>
          {lines.map((line) => (
            <li key={line.bssId} className="sf-basket-line">
              <div className="sf-basket-line-main">
                <span className="sf-basket-line-name">{line.name}</span>
                {line.options.length > 0 && (
                  <span className="sf-basket-line-options">
                    {line.options.map((o) => (o.price ? `${o.name} (+${o.priceString})` : o.name)).join(', ')}
                  </span>
                )}
                {line.extraNotes && <span className="sf-basket-line-notes">“{line.extraNotes}”</span>}
                {line.weighable && <span className="sf-basket-line-options">{line.priceString} per {line.unit ?? 'kg'}</span>}
              </div>
              {editable ? (
                <fieldset className="sf-stepper sf-stepper-small">
                  <legend className="sf-sr-only">Quantity of {line.name}</legend>
                  <button
                    type="button"
                    disabled={busy}
                    aria-label={line.quantity <= 1 ? `Remove ${line.name}` : `One less ${line.name}`}
                    onClick={() => void removeOneFromLine(line)}
                  >
                    {line.quantity <= 1 ? <TrashIcon /> : '−'}
                  </button>
                  <span className="sf-stepper-value" aria-live="polite">
                    {quantityText(line)}
                  </span>
                  <button type="button" disabled={busy || closed} aria-label={`One more ${line.name}`} onClick={() => void addOneToLine(line)}>
                    +
                  </button>
                </fieldset>
              ) : (
                <span className="sf-basket-line-qty">× {quantityText(line)}</span>
              )}
              <span className="sf-basket-line-total">{line.totalPriceString}</span>
              {editable && line.quantity > 1 && (
                <button type="button" className="sf-link-button sf-basket-line-remove" disabled={busy} onClick={() => void removeLine(line)}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {basket && !empty && <Totals basket={basket} mode={mode} busy={busy} />}
      {mode === 'create' && (
        <button type="button" className="sf-button sf-button-primary sf-basket-checkout" disabled={empty || closed || busy} onClick={onCheckout}>
          <span>Checkout</span>
          {!empty && <span>{basket?.totalPriceString}</span>}
        </button>
      )}
      {mode === 'create' && closed && <p className="sf-basket-closed">The store is closed now and cannot take orders.</p>}
    </section>
  );
}

function Totals({ basket, mode, busy }: { basket: Basket; mode: 'create' | 'view'; busy: boolean }) {
  const delivery = basket.orderType === 'Delivery';
  const chooser = mode === 'view' && basket.serviceChargeOption === 'ACTIVE';
  const percent = Number(basket.serviceCharge);
  return (
    <>
      <dl className="sf-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{basket.subTotalPriceString}</dd>
        </div>
        {basket.checkOutItemList.map((offer) => (
          <div key={offer.name} className="sf-totals-offer">
            <dt>{offer.name}</dt>
            <dd>{offer.priceString}</dd>
          </div>
        ))}
        {delivery && (mode === 'view' || basket.deliveryPrice > 0) && (
          <div>
            <dt>Delivery fee</dt>
            <dd>{basket.deliveryPrice > 0 ? basket.deliveryFeeString : 'Free'}</dd>
          </div>
        )}
        {(mode === 'view' ? basket.serviceChargeOption !== null || basket.calculatedServiceCharge > 0 : basket.calculatedServiceCharge > 0) && (
          <div>
            <dt>Service charge{percent > 0 ? ` (${percent}%)` : ''}</dt>
            <dd>{basket.calculatedServiceChargeString}</dd>
          </div>
        )}
        <div className="sf-totals-total">
          <dt>Total</dt>
          <dd>{basket.totalPriceString}</dd>
        </div>
        {mode === 'view' && basket.totalTaxPrice > 0 && (
          <div className="sf-totals-vat">
            <dt>Includes VAT</dt>
            <dd>{formatMoney(basket.totalTaxPrice)}</dd>
          </div>
        )}
      </dl>
      {chooser && (
        <fieldset className="sf-service-chooser">
          <legend>Service charge</legend>
          {SERVICE_CHARGE_CHOICES.map((c) => (
            <button
              key={c}
              type="button"
              className={percent === c ? 'sf-chip sf-chip-on' : 'sf-chip'}
              aria-pressed={percent === c}
              disabled={busy}
              onClick={() => percent !== c && void chooseServiceCharge(c)}
            >
              {c === 0 ? 'Not this time' : `${c}%`}
            </button>
          ))}
        </fieldset>
      )}
    </>
  );
}

function TrashIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}
