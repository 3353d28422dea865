import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { CHECKOUT_FRAME_SOURCE, PAYMENT_FRAME_SOURCE, PAYMENT_PATHS, type PaymentTokenReply } from '@tillpoint/contracts/payment-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';

/**
 * The card frame of the payment panel (spec 3 §4.8; payment-interface.md). The card number and CVV
 * are typed into the provider's own fields (our SIMULATOR's page in an iframe, Opayo's sagepay.js
 * drop-in, Dojo's card component), never into this page's code: what comes back is a token.
 */
export type CardOutcome =
  | { ok: true; paymentAccessToken: string; cardIdentifier: string | null }
  | { ok: false; message: string | null; retry?: boolean };

export type CardPaymentHandle = {
  /** Asks the fields to tokenise (or pay, for Dojo) the card; resolves with what the order is placed with. */
  submit: (customer: CardCustomer) => Promise<CardOutcome>;
};

export type CardCustomer = { email: string; mobilePhone: string; postCode: string; addressLine1: string; city: string };

type Props = {
  branchId: number;
  /** The basket paid for; none when a member saves a card without paying ('Add card'). */
  basketBssId: string | null;
  /**
   * pay: the whole card; cvv: a saved card, only its CVV in the provider's field (spec 3 §4.8);
   * save: a member's new card kept without a payment (Payment Methods, providers that can).
   */
  mode?: 'pay' | 'cvv' | 'save';
  /** cvv: the saved card (its id) whose CVV is asked; Opayo's session then carries its reusable card identifier. */
  savedCardId?: number | null;
  /** The provider's script (payment settings' paymentSenseUrl). */
  scriptUrl: string | null;
  /** A new token is made whenever this changes (the total changed: a Dojo intent carries its amount). */
  amountKey: string;
  /** Token creation failed: the page resets the payment choice (spec 3 §8). */
  onUnavailable: () => void;
  /**
   * Dojo's wallet (Google Pay / Apple Pay) has its own button inside the frame; when it has paid, the
   * page places the order with the payment intent (spec 3 §4.8: the wallet's status 0 goes on to place).
   */
  wallet?: { onPaid: (paymentAccessToken: string) => void };
};

type FrameMessage = { source?: string; ready?: boolean; height?: number; statusCode?: number; cardIdentifier?: string; message?: string };

const scripts = new Map<string, Promise<void>>();
/** Loads a provider's script once per page. */
function loadScript(src: string): Promise<void> {
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        scripts.delete(src);
        reject(new Error(`could not load ${src}`));
      };
      document.head.appendChild(s);
    });
    scripts.set(src, p);
  }
  return p;
}

// The providers' browser libraries, as far as this page uses them (their public documentation).
type OpayoResult = { success: boolean; cardIdentifier?: string; error?: { errorMessage?: string } };
type OpayoCheckout = { form: () => void; tokenise: () => void; destroy?: () => void };
type DojoResult = { statusCode: number; message?: string };
/** Dojo's card component pays with createPayment (its current name) or executePayment (Connect-E's). */
type DojoCard = {
  createPayment?: (details: Record<string, unknown>) => Promise<DojoResult>;
  executePayment?: (details: Record<string, unknown>) => Promise<DojoResult>;
  free?: () => void;
};
type ProviderWindow = Window & {
  /** With reusableCardIdentifier the drop-in draws only the security code field and links the CVV to that saved card. */
  sagepayCheckout?: (config: { merchantSessionKey: string; containerSelector: string; onTokenise: (r: OpayoResult) => void; reusableCardIdentifier?: string }) => OpayoCheckout;
  Dojo?: {
    Payment: new (config: Record<string, unknown>, displayErrors?: (errors: unknown) => void) => DojoCard;
    WalletPayment: new (config: Record<string, unknown>, displayErrors: (errors: unknown) => void, paymentComplete: (r: DojoResult) => void) => { free?: () => void };
  };
};

export const CardPayment = forwardRef<CardPaymentHandle, Props>(function CardPayment({ branchId, basketBssId, mode = 'pay', savedCardId = null, scriptUrl, amountKey, onUnavailable, wallet }, ref) {
  const [token, setToken] = useState<PaymentTokenReply | null>(null);
  const [frameHeight, setFrameHeight] = useState(mode === 'cvv' ? 130 : 300);
  const [loading, setLoading] = useState(true);
  const frame = useRef<HTMLIFrameElement>(null);
  const pending = useRef<((o: CardOutcome) => void) | null>(null);
  const opayo = useRef<OpayoCheckout | null>(null);
  const dojo = useRef<DojoCard | null>(null);
  const [generation, setGeneration] = useState(0);
  const unavailable = useRef(onUnavailable);
  unavailable.current = onUnavailable;
  const walletPaid = useRef(wallet?.onPaid);
  walletPaid.current = wallet?.onPaid;

  // A payment session for this basket (POST storemanagement/payment/token), anew when the amount changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: amountKey and generation only ask for a new session
  useEffect(() => {
    let live = true;
    setToken(null);
    setLoading(true);
    const started =
      mode === 'save'
        ? api.post<PaymentTokenReply>(PAYMENT_PATHS.memberCardSession, { merchantBranchId: branchId })
        : api.post<PaymentTokenReply>(PAYMENT_PATHS.token, { merchantBranchId: branchId, basketBssId, ...(mode === 'cvv' && savedCardId !== null ? { cardNumber: savedCardId } : {}) });
    void started.then((r) => {
      if (!live) return;
      if (!r.ok) {
        notify(r, { suppressSuccess: true });
        unavailable.current();
        return;
      }
      // A CVV-only field: the simulator's frame, or Opayo's drop-in for the saved card's reusable identifier.
      if (mode === 'cvv' && r.body.provider !== 'SIMULATOR' && !(r.body.provider === 'OPAYO' && r.body.reusableCardIdentifier)) {
        unavailable.current();
        return;
      }
      setToken(r.body);
    });
    return () => {
      live = false;
    };
  }, [branchId, basketBssId, mode, savedCardId, amountKey, generation]);

  // SIMULATOR: the hosted fields talk to this page only through postMessage.
  useEffect(() => {
    const listen = (e: MessageEvent<FrameMessage>) => {
      if (e.source !== frame.current?.contentWindow || e.origin !== window.location.origin || e.data?.source !== PAYMENT_FRAME_SOURCE) return;
      if (e.data.height) setFrameHeight(Math.min(Math.max(e.data.height, 80), 900));
      if (e.data.ready) {
        setLoading(false);
        return;
      }
      const resolve = pending.current;
      pending.current = null;
      if (!resolve || !token || token.provider !== 'SIMULATOR') return;
      if (e.data.statusCode === 0 && e.data.cardIdentifier) resolve({ ok: true, paymentAccessToken: token.id, cardIdentifier: e.data.cardIdentifier });
      else resolve({ ok: false, message: e.data.message ?? null });
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [token]);

  // OPAYO and DOJO draw their fields into our container from their own script.
  useEffect(() => {
    if (!token || token.provider === 'SIMULATOR') return;
    let live = true;
    const w = window as ProviderWindow;
    if (!scriptUrl) {
      unavailable.current();
      return;
    }
    loadScript(scriptUrl)
      .then(() => {
        if (!live) return;
        if (token.provider === 'OPAYO' && w.sagepayCheckout) {
          // Opayo drop-in: form() draws the fields; tokenise() answers through onTokenise with a cardIdentifier.
          // A saved card: only its security code, linked by sagepay.js to the reusable identifier (the server pays with the identifier it keeps).
          opayo.current = w.sagepayCheckout({
            merchantSessionKey: token.merchantSessionKey,
            containerSelector: '#co-provider-card',
            ...(token.reusableCardIdentifier ? { reusableCardIdentifier: token.reusableCardIdentifier } : {}),
            onTokenise: (r) => {
              const resolve = pending.current;
              pending.current = null;
              if (!resolve) return;
              if (r.success && r.cardIdentifier) resolve({ ok: true, paymentAccessToken: token.merchantSessionKey, cardIdentifier: r.cardIdentifier });
              // A merchant session key lasts 400 s: an expired one is made again.
              else resolve({ ok: false, message: r.error?.errorMessage ?? null, retry: true });
            },
          });
          opayo.current.form();
        } else if (token.provider === 'DOJO' && w.Dojo && walletPaid.current) {
          // Dojo wallet component: its button pays the intent; status 0 places the order with the intent id.
          dojo.current = new w.Dojo.WalletPayment(
            { paymentDetails: { paymentToken: token.clientSessionSecret }, containerId: 'co-provider-card' },
            () => {},
            (r) => {
              if (r.statusCode === 0) walletPaid.current?.(token.id);
              else notify({ ok: true, status: 200, body: { type: 'WARNING', details: r.message || MESSAGES.unexpected } });
            },
          );
        } else if (token.provider === 'DOJO' && w.Dojo) {
          // Dojo card component: it pays the payment intent itself; the order is placed with the intent id.
          dojo.current = new w.Dojo.Payment({ paymentDetails: { paymentToken: token.clientSessionSecret }, containerId: 'co-provider-card', fontCss: [], styles: {} });
        } else {
          unavailable.current();
          return;
        }
        setLoading(false);
      })
      .catch(() => {
        if (!live) return;
        notify({ ok: false, status: 0, body: null, networkError: MESSAGES.unexpected });
        unavailable.current();
      });
    return () => {
      live = false;
      opayo.current?.destroy?.();
      opayo.current = null;
      dojo.current?.free?.();
      dojo.current = null;
      const box = document.getElementById('co-provider-card');
      if (box) box.replaceChildren();
    };
  }, [token, scriptUrl]);

  useImperativeHandle(
    ref,
    () => ({
      submit: (customer) => {
        if (!token) return Promise.resolve({ ok: false, message: null });
        if (token.provider === 'DOJO') {
          const card = dojo.current;
          if (!card) return Promise.resolve({ ok: false, message: null });
          const details = (countryCode: string) => ({
            userEmailAddress: customer.email,
            userPhoneNumber: customer.mobilePhone,
            billingAddress: { postcode: customer.postCode, address1: customer.addressLine1, city: customer.city, countryCode },
          });
          const outcome = (r: DojoResult): CardOutcome => {
            // Spec 3 §4.8: 0 (paid) or 99 go on to place the order; 5 (declined) needs a new token and frame; 401 (the token is spent or expired) a reload.
            if (r.statusCode === 0 || r.statusCode === 99) return { ok: true, paymentAccessToken: token.id, cardIdentifier: null };
            if (r.statusCode === 5) setGeneration((g) => g + 1);
            if (r.statusCode === 401) window.location.reload();
            return { ok: false, message: r.message ?? null };
          };
          // Connect-E took the numeric ISO 3166-1 country code (826), Dojo's current component the letters.
          const paid = card.createPayment ? card.createPayment(details('GB')) : card.executePayment?.(details('826'));
          if (!paid) return Promise.resolve({ ok: false, message: null });
          return paid.then(outcome, (e: DojoResult) => outcome(e ?? { statusCode: -1 }));
        }
        return new Promise<CardOutcome>((resolve) => {
          pending.current = resolve;
          if (token.provider === 'SIMULATOR') frame.current?.contentWindow?.postMessage({ source: CHECKOUT_FRAME_SOURCE, action: 'submit' }, window.location.origin);
          else if (opayo.current) opayo.current.tokenise();
          else {
            pending.current = null;
            resolve({ ok: false, message: null });
          }
        }).then((o) => {
          if (!o.ok && o.retry) setGeneration((g) => g + 1);
          return o;
        });
      },
    }),
    [token],
  );

  return (
    <div className="co-card" aria-busy={loading}>
      {loading && <p className="co-muted">{mode === 'cvv' ? 'Loading the secure CVV field…' : 'Loading the secure card form…'}</p>}
      {token?.provider === 'SIMULATOR' && (
        <iframe
          ref={frame}
          title={mode === 'cvv' ? 'Card security code' : 'Card details'}
          className="co-card-frame"
          src={mode === 'cvv' ? `/api/${PAYMENT_PATHS.simulatorCvvFields(token.id)}` : token.frameUrl}
          style={{ height: frameHeight }}
        />
      )}
      {token && token.provider !== 'SIMULATOR' && <div id="co-provider-card" className="co-provider-card" />}
    </div>
  );
});
