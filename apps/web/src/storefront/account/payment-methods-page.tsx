import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { PublicPaymentSettings } from '@tillpoint/contracts/branch-settings';
import { BRANCH_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings-paths';
import type { MemberCard } from '@tillpoint/contracts/member';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import { MEMBER_MESSAGES } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { PAYMENT_PATHS, providerSavesCards } from '@tillpoint/contracts/payment-paths';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { useBusy } from '../../shared/ui/use-busy';
import { CardPayment, type CardPaymentHandle } from '../checkout/card-payment';
import { cardExpiry, cardLabel } from '../checkout/member-checkout';
import { Dialog } from '../dialog';
import { readBranchId } from '../storefront-storage';
import { toast } from '../toast';
import '../checkout/checkout.css';
import './account.css';
import './payment-methods.css';

/**
 * Payment Methods (`/paymentMethods`, spec 3 §2.2 'My Cards'; issue 11): the member's saved cards as
 * the provider's tokens (brand, last four, expiry), pick one to see its details, set it as the
 * default, remove it after a confirmation. 'Add card' goes through the provider's own card fields
 * when the store's provider keeps cards without a payment; otherwise cards are saved at checkout.
 */
export function PaymentMethodsPage() {
  const id = useId();
  const [cards, setCards] = useState<MemberCard[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useBusy();
  const [adding, setAdding] = useState(false);
  const branchId = readBranchId();
  const [provider, setProvider] = useState<string | null>(null);

  const load = useCallback(async () => {
    const r = await api.get<MemberCard[]>(MEMBER_DATA_PATHS.card.all);
    if (!r.ok) {
      notify(r, { suppressSuccess: true });
      setCards([]);
      return;
    }
    setCards(r.body);
    setSelected((s) => (r.body.some((c) => c.id === s) ? s : (r.body.find((c) => c.defaultCard)?.id ?? null)));
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // 'Add card' needs a store (cards are saved with its provider): the one chosen last.
  useEffect(() => {
    if (branchId === null) return;
    void api.get<PublicPaymentSettings>(BRANCH_SETTINGS_PATHS.paymentSettings(branchId)).then((r) => r.ok && setProvider(r.body.provider));
  }, [branchId]);

  const card = cards?.find((c) => c.id === selected) ?? null;

  const setDefault = async () => {
    if (!card) {
      toast('warn', MEMBER_MESSAGES.selectCard);
      return;
    }
    if (notify(await run(api.put<MemberCard>(MEMBER_DATA_PATHS.card.setDefault(card.id))))) await load();
  };

  const askRemove = () => {
    if (!card) {
      toast('warn', MEMBER_MESSAGES.selectCard);
      return;
    }
    setConfirming(true);
  };

  const remove = async () => {
    if (!card) return;
    const r = await run(api.del(MEMBER_DATA_PATHS.card.remove(card.id)));
    setConfirming(false);
    if (notify(r)) {
      setSelected(null);
      await load();
    }
  };

  const canAdd = branchId !== null && providerSavesCards(provider, 'withoutPaying');

  return (
    <div className="co-page ac-page">
      <h1 className="co-title">Payment Methods</h1>
      <section className="co-card-box ac-section" aria-labelledby={`${id}-h`}>
        <div className="ac-section-head">
          <h2 id={`${id}-h`}>My Cards</h2>
          {canAdd && !adding && (
            <button type="button" className="co-button co-button-secondary ac-small" onClick={() => setAdding(true)}>
              Add card
            </button>
          )}
        </div>
        {cards === null ? (
          <p className="co-muted" aria-busy="true">
            Loading…
          </p>
        ) : cards.length === 0 ? (
          <p className="co-muted">You have no saved cards yet.</p>
        ) : (
          <div className="co-options" role="radiogroup" aria-label="Saved cards">
            {cards.map((c) => (
              <label key={c.id} className={selected === c.id ? 'co-option co-option-on' : 'co-option'}>
                <input type="radio" name={`${id}-card`} checked={selected === c.id} onChange={() => setSelected(c.id)} />
                <span className="co-saved-card">
                  <span>
                    {cardLabel(c)}
                    {c.defaultCard && <span className="ac-badge">Default</span>}
                  </span>
                  <span className="co-muted">Expires {cardExpiry(c)}</span>
                </span>
              </label>
            ))}
          </div>
        )}
        {card && (
          <dl className="ac-card-details" aria-label="Card details">
            <dt>Card type</dt>
            <dd>{card.cardType}</dd>
            <dt>Card number</dt>
            <dd>•••• •••• •••• {card.last4}</dd>
            <dt>Expiry</dt>
            <dd>{cardExpiry(card)}</dd>
            <dt>Name on card</dt>
            <dd>{card.cardHolderName || '—'}</dd>
          </dl>
        )}
        {cards !== null && cards.length > 0 && (
          <div className="ac-section-buttons ac-card-actions">
            <button type="button" className="co-button co-button-secondary" onClick={() => void setDefault()} disabled={busy || card?.defaultCard === true}>
              Set as default
            </button>
            <button type="button" className="co-button co-button-danger" onClick={askRemove} disabled={busy}>
              Remove
            </button>
          </div>
        )}
        {!canAdd && <p className="co-muted ac-note">Cards are saved at checkout: tick ‘Save this card for next time’ when you pay by card.</p>}
      </section>
      {adding && branchId !== null && (
        <AddCard
          branchId={branchId}
          onDone={(saved) => {
            setAdding(false);
            if (saved) {
              setSelected(saved.id);
              void load();
            }
          }}
        />
      )}
      {confirming && card && (
        <Dialog
          title="Remove card"
          onClose={() => setConfirming(false)}
          footer={
            <div className="ac-section-buttons">
              <button type="button" className="co-button co-button-secondary" onClick={() => setConfirming(false)} disabled={busy}>
                Cancel
              </button>
              <button type="button" className="co-button co-button-danger" onClick={() => void remove()} disabled={busy}>
                Remove
              </button>
            </div>
          }
        >
          <p>{MESSAGES.confirmDelete}</p>
          <p className="co-muted">
            {cardLabel(card)}, expires {cardExpiry(card)}
          </p>
        </Dialog>
      )}
    </div>
  );
}

/** A new card typed into the provider's own fields (never this page's code), kept as the provider's token. */
function AddCard({ branchId, onDone }: { branchId: number; onDone: (saved: MemberCard | null) => void }) {
  const id = useId();
  const frame = useRef<CardPaymentHandle>(null);
  const [busy, run] = useBusy();

  /** The provider's fields first (they say what is wrong with the card), then the token to the server. */
  const addCard = async () => {
    const outcome = await frame.current?.submit({ email: '', mobilePhone: '', postCode: '', addressLine1: '', city: '' });
    if (!outcome?.ok) {
      toast('warn', outcome?.message || MESSAGES.unexpected);
      return null;
    }
    return api.post<MemberCard>(PAYMENT_PATHS.memberCardCreate, { merchantBranchId: branchId, paymentAccessToken: outcome.paymentAccessToken, cardIdentifier: outcome.cardIdentifier });
  };

  const save = async () => {
    const r = await run(addCard());
    if (r && notify(r) && r.ok) onDone(r.body);
  };

  return (
    <section className="co-card-box ac-section" aria-labelledby={`${id}-h`}>
      <div className="ac-section-head">
        <h2 id={`${id}-h`}>Add card</h2>
      </div>
      <CardPayment ref={frame} branchId={branchId} basketBssId={null} mode="save" scriptUrl={null} amountKey="save" onUnavailable={() => onDone(null)} />
      <div className="ac-section-buttons ac-card-actions">
        <button type="button" className="co-button co-button-secondary" onClick={() => onDone(null)} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="co-button co-button-primary" onClick={() => void save()} disabled={busy}>
          {busy ? 'Please Wait' : 'Save card'}
        </button>
      </div>
    </section>
  );
}
