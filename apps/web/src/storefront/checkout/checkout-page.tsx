import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ADDRESS_MESSAGES, ADDRESS_PATHS } from '@tillpoint/contracts/address-paths';
import type { Serviceability } from '@tillpoint/contracts/address-lookup';
import { BASKET_PATHS, type StorefrontOrderType } from '@tillpoint/contracts/basket-paths';
import type { Basket } from '@tillpoint/contracts/basket';
import type { PublicPaymentSettings } from '@tillpoint/contracts/branch-settings';
import { BRANCH_SETTINGS_PATHS } from '@tillpoint/contracts/branch-settings-paths';
import type { MemberAddress, MemberCard } from '@tillpoint/contracts/member';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { providerSavesCards } from '@tillpoint/contracts/payment-paths';
import { REST_TABLE_PATHS } from '@tillpoint/contracts/rest-table-paths';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { BasketPanel } from '../basket-panel';
import { forgetBasket, loadBasket, useBasket } from '../basket-store';
import { useMember } from '../account/member-session';
import { navigate, useLocation } from '../router';
import { type StoreData, loadStore, offeredOrderTypes } from '../store-data';
import { ADDRESS_KEYS, STORE_KEYS, readBasketId, readBranchId, readKey, readOrderType, readTableNo, removeKeys, writeKey } from '../storefront-storage';
import { toast } from '../toast';
import { AddressFields } from './address-fields';
import { CardPayment, type CardPaymentHandle } from './card-payment';
import { addressLabel, cardExpiry, cardLabel, loadMemberCheckout, toCheckoutAddress } from './member-checkout';
import { type PlaceReply, placeOrder, startApplePay, supportsApplePay } from './place-order';
import {
  type CheckoutAddress,
  FIELD_MAX,
  type Guest,
  billingOf,
  checkoutProblem,
  emptyAddress,
  initialOrderType,
  isCardPayment,
  londonMinutes,
  paymentOptionsFor,
  readyBySlots,
  savedCardsOffered,
} from './checkout-rules';
import { TermsDialog } from './terms-dialog';
import './checkout.css';

/** The store as the storefront loads it, with what the checkout needs besides (all public calls). */
type Store = StoreData & { payment: PublicPaymentSettings; tables: number[] };

const storedAddress = (): CheckoutAddress => ({
  postCode: readKey(STORE_KEYS.postCode) ?? '',
  city: readKey(STORE_KEYS.city) ?? '',
  addressLine1: readKey(STORE_KEYS.addressLine1) ?? '',
  addressLine2: readKey(STORE_KEYS.addressLine2) ?? '',
  addressLine3: readKey(STORE_KEYS.addressLine3) ?? '',
  addressLine4: readKey(STORE_KEYS.addressLine4) ?? '',
});

/** Ours: Dojo's wallet pays from its own button, so Confirm Order waits for it. */
const WALLET_FIRST = 'Please pay with the wallet button above first.';

/** The labels the option names get on the page (the names themselves are what the server is sent). */
const OPTION_LABEL: Record<string, string> = {
  CARD: 'Credit / Debit Card',
  WALLET: 'Google Pay / Apple Pay wallet',
  'APPLE PAY': 'Apple Pay',
  'PAY PAL': 'PayPal',
  'PAY AT COUNTER': 'Pay at the counter',
  'PAY AT DOOR BY CARD': 'Pay at the door by card',
  'PAY AT DOOR BY CASH': 'Pay at the door by cash',
};

async function loadCheckoutStore(branchId: number): Promise<Store | null> {
  const [store, payment, tables] = await Promise.all([
    loadStore(branchId),
    api.get<PublicPaymentSettings>(BRANCH_SETTINGS_PATHS.paymentSettings(branchId)),
    api.get<number[]>(REST_TABLE_PATHS.member(branchId)),
  ]);
  if (!payment.ok) notify(payment, { suppressSuccess: true });
  if (!store || !payment.ok) return null;
  return { ...store, payment: payment.body, tables: tables.ok ? tables.body : [] };
}

/** The billing address is asked for (a card payment, not 'Same as my delivery address' on a delivery). */
const billingOwnOf = (paymentType: string | null, orderType: StorefrontOrderType | null, sameAsDelivery: boolean) =>
  isCardPayment(paymentType) && !(orderType === 'Delivery' && sameAsDelivery);

/** The delivery address choice of a member: one of their saved addresses, or 'Other' (a new one). */
type AddressChoice = number | 'other';

/**
 * The checkout (`/confirmOrder`, spec 3 §2.2): a guest picks the order type and its time or table,
 * gives their details, address and payment, and places the order. The checks of §5.3 run here in their
 * order before the server is asked (which checks them all again); §4.7 says what each reply does.
 * Signed in, it is the member's checkout (`/approveOrder`): their details, saved addresses (the default
 * preselected, 'Other' for a new one saved when asked), saved cards (only the CVV is asked), 'Save this
 * card for next time' and their saved allergies and notes.
 */
export function CheckoutPage() {
  const branchId = useMemo(readBranchId, []);
  const [store, setStore] = useState<Store | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { basket, busy: basketBusy } = useBasket();
  const [orderType, setOrderType] = useState<StorefrontOrderType | null>(null);
  const [guest, setGuest] = useState<Guest>({ firstName: '', lastName: '', email: '', mobilePhone: '' });
  const [address, setAddress] = useState<CheckoutAddress>(storedAddress);
  const [billing, setBilling] = useState<CheckoutAddress>(emptyAddress);
  const [sameAsDelivery, setSameAsDelivery] = useState(true);
  const [tableNo, setTableNo] = useState<number | null>(readTableNo);
  const [deliverBy, setDeliverBy] = useState('');
  const [readyBy, setReadyBy] = useState('');
  const [notesOpen, setNotesOpen] = useState(false);
  const [orderNotes, setOrderNotes] = useState('');
  const [allergies, setAllergies] = useState('');
  const [paymentType, setPaymentType] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const card = useRef<CardPaymentHandle>(null);
  /** The Dojo payment intent a wallet has paid, until the order is placed with it. */
  const walletPaid = useRef<string | null>(null);
  const applePay = useMemo(supportsApplePay, []);
  const id = useId();
  const member = useMember();
  const memberMode = member.status === 'signedIn';
  const approvePage = useLocation().pathname.startsWith('/approveOrder');
  const [savedAddresses, setSavedAddresses] = useState<MemberAddress[]>([]);
  const [addressChoice, setAddressChoice] = useState<AddressChoice>('other');
  const [saveAddress, setSaveAddress] = useState(false);
  const [savedCards, setSavedCards] = useState<MemberCard[]>([]);
  /** A saved card chosen to pay with (the payment type is then CARD, spec 3 §3). */
  const [savedCardId, setSavedCardId] = useState<number | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [saveNotes, setSaveNotes] = useState(false);
  const [savedBilling, setSavedBilling] = useState<MemberAddress[]>([]);
  const [billingChoice, setBillingChoice] = useState<AddressChoice>('other');
  const [saveBilling, setSaveBilling] = useState(false);

  // /approveOrder is the signed-in member's checkout: a visitor signs in first, with the basket.
  useEffect(() => {
    if (approvePage && member.status === 'signedOut') navigate(`/login?${branchId === null ? '' : (readBasketId(branchId) ?? '')}`, { replace: true });
  }, [approvePage, member.status, branchId]);

  // The member's details, saved addresses, cards of this store's provider and notes.
  const storeProvider = store?.payment.provider ?? null;
  useEffect(() => {
    if (!memberMode || branchId === null || storeProvider === null) return;
    let live = true;
    void loadMemberCheckout(branchId, storeProvider).then((m) => {
      if (!live) return;
      if (m.profile) setGuest({ firstName: m.profile.firstName, lastName: m.profile.lastName, email: m.profile.email, mobilePhone: m.profile.mobilePhone ?? '' });
      setSavedAddresses(m.addresses);
      // Spec 3 §4.8: the default saved address is preselected; with none saved, 'Other' opens the new-address form.
      const chosen = m.addresses.find((a) => a.defaultAddress) ?? m.addresses[0];
      if (chosen) {
        setAddressChoice(chosen.id);
        setAddress(toCheckoutAddress(chosen));
      }
      setSavedBilling(m.billingAddresses);
      const billingChosen = m.billingAddresses.find((a) => a.defaultAddress) ?? m.billingAddresses[0];
      if (billingChosen) {
        setBillingChoice(billingChosen.id);
        setBilling(toCheckoutAddress(billingChosen));
      }
      setSavedCards(m.cards);
      if (m.notes) {
        setOrderNotes(m.notes.orderNotes ?? '');
        setAllergies(m.notes.allergies ?? '');
      }
    });
    return () => {
      live = false;
    };
  }, [memberMode, branchId, storeProvider]);

  /** A saved address fills the form read-only; 'Other' brings back the stored postcode values (spec 3 §4.8). */
  const chooseAddress = (choice: AddressChoice) => {
    setAddressChoice(choice);
    const saved = choice === 'other' ? undefined : savedAddresses.find((a) => a.id === choice);
    setAddress(saved ? toCheckoutAddress(saved) : storedAddress());
    if (saved) void checkServed(saved.postCode);
  };
  /** A saved billing address fills the billing fields (shown read-only); 'Other' opens empty fields. */
  const chooseBilling = (choice: AddressChoice) => {
    setBillingChoice(choice);
    const saved = choice === 'other' ? undefined : savedBilling.find((a) => a.id === choice);
    setBilling(saved ? toCheckoutAddress(saved) : emptyAddress());
  };
  const choosePayment = (option: string, cardId: number | null = null) => {
    setPaymentType(option);
    setSavedCardId(cardId);
  };

  useEffect(() => {
    if (branchId === null) {
      navigate('/', { replace: true });
      return;
    }
    let live = true;
    void loadCheckoutStore(branchId).then((s) => {
      if (!live) return;
      if (!s) {
        setLoadFailed(true);
        return;
      }
      setStore(s);
      const type = initialOrderType(offeredOrderTypes(s.licences, s.settings), readOrderType(), readTableNo());
      setOrderType(type);
      setSameAsDelivery(type === 'Delivery');
      void loadBasket(branchId, type ?? 'Delivery', readTableNo());
    });
    return () => {
      live = false;
    };
  }, [branchId]);

  const offered = store ? offeredOrderTypes(store.licences, store.settings) : [];
  const provider = store?.payment.provider ?? 'NONE';
  const options = store && orderType ? paymentOptionsFor(store.settings, orderType, provider, applePay) : [];
  const readyBySlotList = useMemo(() => (store ? readyBySlots(store.settings.todayHours, londonMinutes(new Date())) : []), [store]);
  const lines = basket?.basketDetailList.length ?? 0;

  /** Spec 3 §4.4: a new type resets the postcode check, 'same as delivery', the payment choice (kept for OPAYO), and reloads the basket. */
  const chooseType = (type: StorefrontOrderType) => {
    if (!store || type === orderType) return;
    setOrderType(type);
    writeKey(STORE_KEYS.orderType, type);
    setSameAsDelivery(type === 'Delivery');
    setSaveCard(false);
    if (provider !== 'OPAYO' || !paymentOptionsFor(store.settings, type, provider, applePay).includes(paymentType ?? '')) {
      setPaymentType(null);
      setSavedCardId(null);
    }
    void loadBasket(store.branchId, type, type === 'Table Order' ? tableNo : null);
  };

  /** A postcode picked from the lookup is checked against the store's delivery area (spec 3 §4.5) and remembered for the store page. */
  const checkServed = async (postCode: string) => {
    if (!store) return;
    writeKey(STORE_KEYS.postCode, postCode);
    const r = await api.get<Serviceability>(ADDRESS_PATHS.serviceable(store.branchId, postCode));
    if (!r.ok) notify(r, { suppressSuccess: true });
    else if (!r.body.serviceable) toast('warn', r.body.message ?? ADDRESS_MESSAGES.notServiceable);
  };

  /** After any reply: the button comes back; an error resets the payment choice (spec 3 §4.7). */
  const failed = (message: string | null, reloadBasket = false) => {
    if (message) toast('warn', message);
    setPlacing(false);
    setPaymentType(null);
    setSavedCardId(null);
    if (reloadBasket && store && orderType) void loadBasket(store.branchId, orderType, tableNo);
  };

  const placed = (reply: PlaceReply) => {
    if (!store) return;
    // Spec 3 §4.7: the stored table number goes after the attempt.
    removeKeys(STORE_KEYS.tableNo);
    if (reply.kind === 'challenge' || reply.kind === 'redirect') return; // the browser is leaving for the card issuer's page
    if (reply.kind === 'error') {
      failed(null, reply.orderEmpty);
      return;
    }
    // Spec 3 §4.7: the address and notes asked to be kept went with the order (the server saved them);
    // the stored branch, order and address keys go, and the store page says 'Your order has been placed'.
    forgetBasket(store.branchId);
    removeKeys(STORE_KEYS.merchantBranchId, STORE_KEYS.orderType, STORE_KEYS.tableNo, ...ADDRESS_KEYS);
    navigate(`/${store.info.domainName}?successfulMessage=true`, { replace: true });
  };

  const state = () => ({
    lineCount: lines,
    subTotal: basket?.subTotalPrice ?? 0,
    discount: basket?.discountPrice ?? 0,
    minimumDeliveryBasketPrice: basket?.minimumDeliveryBasketPrice ?? store?.settings.minimumDeliveryBasketPrice ?? null,
    orderType,
    guest,
    addressChosen: true,
    address,
    tableNo: orderType === 'Table Order' ? tableNo : null,
    paymentType,
    sameAsDelivery,
    billing,
    provider,
  });

  const orderBody = (b: Basket) => ({
    id: b.bssId,
    merchantBranchId: b.merchantBranchId,
    orderType,
    tableNo: orderType === 'Table Order' ? tableNo : null,
    orderNotes: orderNotes.trim() || null,
    allergies: allergies.trim() || null,
    orderTimeForDelivery: orderType === 'Delivery' ? deliverBy || null : orderType === 'Collection' ? readyBy || null : null,
    memberUserAddress: orderType === 'Delivery' ? address : null,
    memberBillingAddress: billingOf({ orderType, sameAsDelivery, address, billing, paymentType }),
    // A saved billing address goes by its id: the server takes it from the member's own list.
    memberBillingAddressId: memberMode && billingOwnOf(paymentType, orderType, sameAsDelivery) && billingChoice !== 'other' ? billingChoice : null,
    paymentType,
    // 'Save this card for next time' (members, a new card); a saved card is named by its id (spec 3 §3).
    saveCard: memberMode && paymentType === 'CARD' && savedCardId === null && saveCard,
    // What the member asks to keep: saved by the server with the order, so a 3-D Secure redirect loses none of it.
    saveAddress: memberMode && orderType === 'Delivery' && addressChoice === 'other' && saveAddress,
    saveBillingAddress: memberMode && billingOwnOf(paymentType, orderType, sameAsDelivery) && billingChoice === 'other' && saveBilling,
    saveNotes: memberMode && saveNotes,
    cardNumber: paymentType === 'CARD' ? savedCardId : null,
    firstName: guest.firstName.trim(),
    lastName: guest.lastName.trim(),
    email: guest.email.trim(),
    mobilePhone: guest.mobilePhone.trim(),
    // Where the customer comes back to after a 3-D Secure challenge (the server builds its own notification address).
    website: `${window.location.origin}/${store?.info.domainName ?? ''}`,
  });

  const confirm = async () => {
    if (placing || !store) return;
    const problem = checkoutProblem(state());
    if (problem) {
      toast('warn', problem);
      return;
    }
    const b = basket as Basket;
    setPlacing(true);
    if (paymentType === 'APPLE PAY') {
      // The Apple Pay sheet must open in the click itself: no await before it.
      startApplePay(orderBody(b), b, store.info.domainName, placed);
      return;
    }
    let payment: { paymentAccessToken: string | null; cardIdentifier: string | null } = { paymentAccessToken: null, cardIdentifier: null };
    if (paymentType === 'WALLET') {
      // The wallet pays from its own button in the frame; once it has, Confirm Order places with its intent.
      if (!walletPaid.current) {
        toast('info', WALLET_FIRST);
        setPlacing(false);
        return;
      }
      payment = { paymentAccessToken: walletPaid.current, cardIdentifier: null };
    } else if (paymentType === 'CARD') {
      const bill = billingOf({ orderType, sameAsDelivery, address, billing, paymentType }) ?? address;
      const outcome = await card.current?.submit({ email: guest.email.trim(), mobilePhone: guest.mobilePhone.trim(), postCode: bill.postCode, addressLine1: bill.addressLine1, city: bill.city });
      if (!outcome?.ok) {
        // Spec 3 §8: a payment failure shows the provider's message, or the default; the button comes back.
        toast('warn', outcome?.message || MESSAGES.unexpected);
        setPlacing(false);
        return;
      }
      payment = outcome;
    }
    placed(await placeOrder({ ...orderBody(b), ...payment }));
  };

  const cancelOrder = async () => {
    if (!store || placing) return;
    const bssId = basket?.bssId;
    if (bssId) {
      const r = await api.put<Basket>(BASKET_PATHS.cancel(store.branchId, bssId));
      if (!notify(r, { suppressSuccess: true })) return;
    }
    forgetBasket(store.branchId);
    navigate(`/${store.info.domainName}?cancelledMessage=true`, { replace: true });
  };

  const continueShopping = () => {
    if (!store) return;
    navigate(orderType === 'Table Order' && tableNo !== null ? `/tableNo/${tableNo}` : `/${store.info.domainName}`);
  };

  if (!store) {
    return (
      <div className="co-page co-loading" aria-busy={!loadFailed}>
        {loadFailed ? (
          <div>
            <p>{MESSAGES.unexpected}</p>
            <button type="button" className="co-button co-button-secondary" onClick={() => navigate('/')}>
              Back to the stores
            </button>
          </div>
        ) : (
          <p className="co-muted">Loading your order…</p>
        )}
      </div>
    );
  }

  const ordering = store.licences.hasWebOrderLicense || store.licences.hasTableOrderLicense;
  const setG = (field: keyof Guest) => (e: { target: { value: string } }) => setGuest({ ...guest, [field]: e.target.value });
  const cardFrame = (paymentType === 'CARD' || paymentType === 'WALLET') && basket?.bssId;
  const cardsOffered = memberMode && options.includes('CARD') ? savedCardsOffered(savedCards, provider) : [];
  const offerSave = memberMode && paymentType === 'CARD' && savedCardId === null && providerSavesCards(provider, 'atCheckout');
  const showBilling = isCardPayment(paymentType);
  const billingOwn = billingOwnOf(paymentType, orderType, sameAsDelivery);

  return (
    <div className="co-page">
      <h1 className="co-title">Checkout</h1>
      <p className="co-subtitle">{store.info.tradingName}</p>
      <div className="co-grid">
        <div className="co-col co-col-details">
          <section className="co-card-box" aria-labelledby={`${id}-type`}>
            <h2 id={`${id}-type`}>Order Type</h2>
            {offered.length === 0 ? (
              <p className="co-muted">This store is not taking online orders at the moment.</p>
            ) : (
              <fieldset className="co-segmented">
                <legend className="co-sr-only">Order type</legend>
                {offered.map((t) => (
                  <button key={t} type="button" className={t === orderType ? 'co-seg co-seg-on' : 'co-seg'} aria-pressed={t === orderType} onClick={() => chooseType(t)} disabled={placing}>
                    {t}
                  </button>
                ))}
              </fieldset>
            )}
            {orderType === 'Collection' && (
              <div className="co-field">
                <label htmlFor={`${id}-ready`}>Ready By</label>
                <select id={`${id}-ready`} value={readyBy} onChange={(e) => setReadyBy(e.target.value)}>
                  <option value="">As soon as possible</option>
                  {readyBySlotList.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {orderType === 'Delivery' && store.settings.scheduledForDelivery && (
              <div className="co-field">
                <label htmlFor={`${id}-deliver`}>Deliver By</label>
                <select id={`${id}-deliver`} value={deliverBy} onChange={(e) => setDeliverBy(e.target.value)}>
                  <option value="">As soon as possible</option>
                  {store.settings.orderTimeForDelivery.map((s) => (
                    <option key={s.id} value={s.name}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            {orderType === 'Table Order' && (
              <div className="co-field">
                <label htmlFor={`${id}-table`}>Table No</label>
                <select id={`${id}-table`} value={tableNo ?? ''} onChange={(e) => setTableNo(e.target.value ? Number(e.target.value) : null)}>
                  <option value="">Select your table</option>
                  {[...new Set([...store.tables, ...(tableNo !== null ? [tableNo] : [])])]
                    .sort((a, b) => a - b)
                    .map((n) => (
                      <option key={n} value={n}>
                        Table {n}
                      </option>
                    ))}
                </select>
              </div>
            )}
          </section>

          <section className="co-card-box" aria-labelledby={`${id}-user`}>
            <h2 id={`${id}-user`}>Your Details</h2>
            <div className="co-row">
              <div className="co-field">
                <label htmlFor={`${id}-fn`}>First Name</label>
                <input id={`${id}-fn`} value={guest.firstName} onChange={setG('firstName')} maxLength={FIELD_MAX.name} autoComplete="given-name" />
              </div>
              <div className="co-field">
                <label htmlFor={`${id}-ln`}>Last Name</label>
                <input id={`${id}-ln`} value={guest.lastName} onChange={setG('lastName')} maxLength={FIELD_MAX.name} autoComplete="family-name" />
              </div>
            </div>
            <div className="co-field">
              <label htmlFor={`${id}-em`}>Email</label>
              <input
                id={`${id}-em`}
                type="email"
                value={guest.email}
                onChange={setG('email')}
                maxLength={FIELD_MAX.email}
                autoComplete="email"
                inputMode="email"
                readOnly={memberMode}
              />
            </div>
            <div className="co-field">
              <label htmlFor={`${id}-mp`}>Mobile Phone</label>
              <input id={`${id}-mp`} type="tel" value={guest.mobilePhone} onChange={setG('mobilePhone')} maxLength={FIELD_MAX.mobilePhone} autoComplete="tel" placeholder="07700 900123" />
            </div>
          </section>

          {orderType === 'Delivery' && (
            <details className="co-card-box co-collapsible" open>
              <summary>
                <h2>Delivery Address</h2>
              </summary>
              {memberMode && savedAddresses.length > 0 && (
                <div className="co-saved-list" role="radiogroup" aria-label="Delivery address">
                  {savedAddresses.map((a) => (
                    <label key={a.id} className={addressChoice === a.id ? 'co-option co-option-on' : 'co-option'}>
                      <input type="radio" name={`${id}-address`} checked={addressChoice === a.id} onChange={() => chooseAddress(a.id)} disabled={placing} />
                      <span>{addressLabel(a)}</span>
                    </label>
                  ))}
                  <label className={addressChoice === 'other' ? 'co-option co-option-on' : 'co-option'}>
                    <input type="radio" name={`${id}-address`} checked={addressChoice === 'other'} onChange={() => chooseAddress('other')} disabled={placing} />
                    <span>Other</span>
                  </label>
                </div>
              )}
              {addressChoice === 'other' || !memberMode ? (
                <>
                  <AddressFields branchId={store.branchId} value={address} onChange={setAddress} onPicked={(pc) => void checkServed(pc)} />
                  {memberMode && (
                    <label className="co-check">
                      <input type="checkbox" checked={saveAddress} onChange={(e) => setSaveAddress(e.target.checked)} />
                      Save this address
                    </label>
                  )}
                </>
              ) : null}
            </details>
          )}

          {showBilling && (
            <section className="co-card-box" aria-labelledby={`${id}-bill`}>
              <h2 id={`${id}-bill`}>Billing Address</h2>
              {orderType === 'Delivery' && (
                <label className="co-check">
                  <input type="checkbox" checked={sameAsDelivery} onChange={(e) => setSameAsDelivery(e.target.checked)} />
                  Same as my delivery address
                </label>
              )}
              {billingOwn && memberMode && savedBilling.length > 0 && (
                <div className="co-saved-list" role="radiogroup" aria-label="Billing address">
                  {savedBilling.map((a) => (
                    <label key={a.id} className={billingChoice === a.id ? 'co-option co-option-on' : 'co-option'}>
                      <input type="radio" name={`${id}-billing`} checked={billingChoice === a.id} onChange={() => chooseBilling(a.id)} disabled={placing} />
                      <span>{addressLabel(a)}</span>
                    </label>
                  ))}
                  <label className={billingChoice === 'other' ? 'co-option co-option-on' : 'co-option'}>
                    <input type="radio" name={`${id}-billing`} checked={billingChoice === 'other'} onChange={() => chooseBilling('other')} disabled={placing} />
                    <span>Other</span>
                  </label>
                </div>
              )}
              {billingOwn && (billingChoice === 'other' || !memberMode) && (
                <>
                  <AddressFields branchId={store.branchId} value={billing} onChange={setBilling} prefix="Billing" />
                  {memberMode && (
                    <label className="co-check">
                      <input type="checkbox" checked={saveBilling} onChange={(e) => setSaveBilling(e.target.checked)} />
                      Save this billing address
                    </label>
                  )}
                </>
              )}
            </section>
          )}

          <details className="co-card-box co-collapsible" open={notesOpen} onToggle={(e) => setNotesOpen(e.currentTarget.open)}>
            <summary>
              <h2>Allergies &amp; Notes</h2>
            </summary>
            <div className="co-field">
              <label htmlFor={`${id}-allergies`}>Allergies</label>
              <textarea id={`${id}-allergies`} value={allergies} onChange={(e) => setAllergies(e.target.value)} maxLength={FIELD_MAX.notes} rows={2} />
              <span className="co-counter">{allergies.length}/{FIELD_MAX.notes}</span>
            </div>
            <div className="co-field">
              <label htmlFor={`${id}-notes`}>Order Notes</label>
              <textarea id={`${id}-notes`} value={orderNotes} onChange={(e) => setOrderNotes(e.target.value)} maxLength={FIELD_MAX.notes} rows={2} />
              <span className="co-counter">{orderNotes.length}/{FIELD_MAX.notes}</span>
            </div>
            {memberMode && (
              <label className="co-check">
                <input type="checkbox" checked={saveNotes} onChange={(e) => setSaveNotes(e.target.checked)} />
                Remember my allergies &amp; notes
              </label>
            )}
          </details>
        </div>

        <div className="co-col co-col-pay">
          {ordering && (
            <div className="co-summary">
              <BasketPanel mode="view" editable={false} />
            </div>
          )}

          <section className="co-card-box" aria-labelledby={`${id}-pay`}>
            <h2 id={`${id}-pay`}>Payment</h2>
            {options.length === 0 ? (
              <p className="co-muted">{orderType ? 'No payment options for this order type.' : 'Choose an order type first.'}</p>
            ) : (
              <div className="co-options" role="radiogroup" aria-label="Payment type">
                {cardsOffered.map((c) => (
                  <label key={`card-${c.id}`} className={savedCardId === c.id ? 'co-option co-option-on' : 'co-option'}>
                    <input type="radio" name={`${id}-payment`} value={`card-${c.id}`} checked={savedCardId === c.id} onChange={() => choosePayment('CARD', c.id)} disabled={placing} />
                    <span className="co-saved-card">
                      <span>{cardLabel(c)}</span>
                      <span className="co-muted">Expires {cardExpiry(c)}</span>
                    </span>
                  </label>
                ))}
                {options.map((o) => (
                  <label key={o} className={o === paymentType && savedCardId === null ? 'co-option co-option-on' : 'co-option'}>
                    <input type="radio" name={`${id}-payment`} value={o} checked={o === paymentType && savedCardId === null} onChange={() => choosePayment(o)} disabled={placing} />
                    <span>{o === 'CARD' && cardsOffered.length > 0 ? 'New card' : (OPTION_LABEL[o] ?? o)}</span>
                  </label>
                ))}
              </div>
            )}
            {cardFrame && basket?.bssId && (
              <CardPayment
                // A card, a saved card's CVV and a wallet are different frames: a new choice mounts its own.
                key={`${paymentType}-${savedCardId ?? 'new'}`}
                ref={card}
                branchId={store.branchId}
                basketBssId={basket.bssId}
                mode={savedCardId === null ? 'pay' : 'cvv'}
                savedCardId={savedCardId}
                scriptUrl={store.payment.paymentSenseUrl}
                amountKey={basket.totalPriceString}
                onUnavailable={() => setPaymentType(null)}
                wallet={
                  paymentType === 'WALLET'
                    ? {
                        onPaid: (intent) => {
                          walletPaid.current = intent;
                          void confirm();
                        },
                      }
                    : undefined
                }
              />
            )}
            {cardFrame && offerSave && (
              <label className="co-check">
                <input type="checkbox" checked={saveCard} onChange={(e) => setSaveCard(e.target.checked)} disabled={placing} />
                Save this card for next time
              </label>
            )}
          </section>

          <div className="co-actions">
            <button type="button" className="co-button co-button-primary co-confirm" onClick={() => void confirm()} disabled={placing || basketBusy}>
              {placing ? 'Please Wait' : 'Confirm Order'}
              {!placing && basket && lines > 0 && <span>{basket.totalPriceString}</span>}
            </button>
            <p className="co-terms">
              By placing your order you agree to our{' '}
              <button type="button" className="co-link" onClick={() => setTermsOpen(true)}>
                terms and conditions
              </button>
              .
            </p>
            <div className="co-actions-row">
              <button type="button" className="co-button co-button-secondary" onClick={continueShopping} disabled={placing}>
                Continue Shopping
              </button>
              <button type="button" className="co-button co-button-danger" onClick={() => void cancelOrder()} disabled={placing}>
                Cancel Order
              </button>
            </div>
          </div>
        </div>
      </div>
      {termsOpen && <TermsDialog onClose={() => setTermsOpen(false)} />}
    </div>
  );
}
