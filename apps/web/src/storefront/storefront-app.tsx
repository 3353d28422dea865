import { type ComponentType, type LazyExoticComponent, type ReactElement, Suspense, lazy, startTransition, useEffect, useState } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { APP_VERSION } from '@tillpoint/contracts/session-constants';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { BASKET_MESSAGES } from '@tillpoint/contracts/basket-paths';
import type { SystemParams } from '@tillpoint/contracts/auth';
import { api } from '../shared/api';
import { Link, dropSearchParams, matchRoute, navigate, useLocation } from './router';
import { Toaster, toast } from './toast';
import { type StoreData, type TopMenu, branchIdOf, branchIdOfClient, imageUrl, loadStore, loadTopMenu, prefetchDomain, prefetchStore, storefrontAllowed } from './store-data';
import { ADDRESS_KEYS, STORE_KEYS, readBasketId, readBranchId, readTableNo, removeKeys, writeBasketId, writeKey } from './storefront-storage';
import { RefundPolicyDialog } from './refund-policy';
import { KEY_PARAMS } from '@tillpoint/contracts/session-constants';
import { restoreMemberSession, useMember } from './account/member-session';
import { UserMenu } from './account/user-menu';

/**
 * The customer storefront's shell (spec 3 §2.2 'Shell'): banner, the red test bar, the menu, the footer
 * with the refund policy and the version, the order notices, the entry parameters and licence gating.
 * It stays lean (no PrimeReact, no query library) and loads each page on demand.
 */
type StorePageModule = typeof import('./store-page');
// Not React.lazy: that suspends at the first render even when the code has come, which costs the page a
// render of the loading state and one more of the page. The shell keeps the module once it has come.
let storePageModule: StorePageModule | undefined;
const loadStorePage = () => import('./store-page').then((m) => (storePageModule = m));
// A store's address (or the root with a store chosen before) fetches its page's code now, beside the
// store's data, rather than once the data has come.
const opening = matchRoute(window.location.pathname);
if (opening.page === 'store' && (opening.domainName !== null || opening.tableNo !== null || readBranchId() !== null)) void loadStorePage();
// Its data too: the store's calls start now rather than once the shell has drawn and each part has mounted.
if (opening.page === 'store') {
  const stored = readBranchId();
  if (opening.domainName !== null) prefetchDomain(opening.domainName);
  else if (stored !== null && !new URLSearchParams(window.location.search).has('clientId')) prefetchStore(stored);
}
const MarketplacePage = lazy(() => import('./marketplace-page').then((m) => ({ default: m.MarketplacePage })));

// The checkout and login pages come from their own folders; a glob keeps the build whole while one is missing.
type Page = ComponentType<Record<string, never>>;
const pageModules = import.meta.glob<Record<string, Page>>(['./checkout/checkout-page.tsx', './login/login-page.tsx']);
const lazyPage = (file: string, name: string): LazyExoticComponent<Page> | null => {
  const load = pageModules[file];
  return load ? lazy(() => load().then((m) => ({ default: m[name] }))) : null;
};
const CheckoutPage = lazyPage('./checkout/checkout-page.tsx', 'CheckoutPage');
const LoginPage = lazyPage('./login/login-page.tsx', 'LoginPage');
const AccountDetailsPage = lazy(() => import('./account/account-details-page').then((m) => ({ default: m.AccountDetailsPage })));
const AccountPage = lazy(() => import('./account/account-page').then((m) => ({ default: m.AccountPage })));
const PaymentMethodsPage = lazy(() => import('./account/payment-methods-page').then((m) => ({ default: m.PaymentMethodsPage })));
const ChangePasswordDialog = lazy(() => import('./account/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })));

/**
 * Entry parameters (spec 3 §2.2): a table number (?tableNo=5 or /tableNo/5) is stored and makes the order
 * a Table Order; a store entered without one forgets the stored table. Read once, when the page opens.
 */
function readEntryParameters() {
  const route = matchRoute(window.location.pathname);
  if (route.page !== 'store') return;
  const query = Number(new URLSearchParams(window.location.search).get('tableNo'));
  const tableNo = route.tableNo ?? (Number.isInteger(query) && query > 0 ? query : null);
  if (tableNo !== null) {
    writeKey(STORE_KEYS.tableNo, tableNo);
    writeKey(STORE_KEYS.orderType, 'Table Order');
  } else {
    writeKey(STORE_KEYS.tableNo, null);
    if (window.location.search.includes('tableNo')) dropSearchParams('tableNo');
  }
}
readEntryParameters();

/** The notices after a redirect (spec 3 §2.2), then the flag leaves the address. */
function showRedirectNotices() {
  const params = new URLSearchParams(window.location.search);
  for (const [name, yes] of [
    ['successfulMessage', 'Your order has been placed'],
    ['cancelledMessage', 'Your order has been cancelled'],
  ] as const) {
    const v = params.get(name);
    if (v === null) continue;
    if (v === 'true') toast(name === 'successfulMessage' ? 'success' : 'info', yes);
    else toast('error', MESSAGES.unexpected);
    // Back from a 3-D Secure challenge with the order placed: its order and address keys go, as after any placed order (spec 3 §4.7).
    if (name === 'successfulMessage' && v === 'true') {
      const placedAt = readBranchId();
      if (placedAt !== null) writeBasketId(placedAt, null);
      removeKeys(STORE_KEYS.merchantBranchId, STORE_KEYS.orderType, STORE_KEYS.tableNo, ...ADDRESS_KEYS);
    }
  }
  dropSearchParams('successfulMessage', 'cancelledMessage');
}

/** menu: the store's top-level menu when the store page asked for it with the store. */
type Shell = { store: StoreData | null; menu: TopMenu | null; status: 'none' | 'loading' | 'ready' | 'unavailable' };

export function StorefrontApp() {
  const location = useLocation();
  const route = matchRoute(location.pathname);
  // undefined until the system parameters have answered (null when they could not be read).
  const [params, setParams] = useState<SystemParams | null | undefined>(undefined);
  const [shell, setShell] = useState<Shell>({ store: null, menu: null, status: 'none' });
  const [storePage, setStorePage] = useState(storePageModule);
  const [policyOpen, setPolicyOpen] = useState(false);
  const member = useMember();
  // A mailed reset link opens the Change Password dialog (spec 3 §2.2 'Shell').
  const resetKey = new URLSearchParams(location.search).get(KEY_PARAMS.reset);

  useEffect(() => {
    // The member's page check on start (spec 3 §4.9).
    void restoreMemberSession();
  }, []);
  useEffect(() => {
    // The account pages are the signed-in member's; a visitor signs in first.
    if (route.page === 'account' && member.status === 'signedOut') navigate('/login', { replace: true });
  }, [route.page, member.status]);

  useEffect(() => {
    void api.get<SystemParams>(PATHS.systemParams, { token: null }).then((r) => setParams(r.ok ? r.body : null));
  }, []);
  useEffect(() => {
    if (/successfulMessage|cancelledMessage/.test(location.search)) showRedirectNotices();
  }, [location.search]);

  const onStorePage = route.page === 'store';
  useEffect(() => {
    if (onStorePage && !storePage) void loadStorePage().then(setStorePage);
  }, [onStorePage, storePage]);

  // Which store the page is about: its domain name, else the one chosen last (/, /tableNo/{n}, checkout, login).
  const domainName = route.page === 'store' ? route.domainName : null;
  const wantsStore = route.page === 'store' || route.page === 'confirmOrder' || route.page === 'login' || route.page === 'account';
  useEffect(() => {
    if (!wantsStore) {
      setShell({ store: null, menu: null, status: 'none' });
      return;
    }
    let live = true;
    setShell((s) => ({ ...s, status: 'loading' }));
    // The store page's menu comes with the store (its calls are preloaded with the page as well).
    const withMenu = matchRoute(window.location.pathname).page === 'store';
    // A table QR code (/tableNo/{n}?clientId=…) names its branch by the till credential's client id.
    const clientId = domainName ? null : new URLSearchParams(window.location.search).get('clientId');
    void (async () => {
      const branchId = domainName ? await branchIdOf(domainName) : clientId ? await branchIdOfClient(clientId) : readBranchId();
      if (!live) return;
      if (branchId === null) {
        // An unknown domain name (or client id) goes to the root page (spec 3 §8); the root without a store is the marketplace.
        if (clientId) writeKey(STORE_KEYS.merchantBranchId, null);
        if (domainName || clientId) navigate('/', { replace: true });
        setShell({ store: null, menu: null, status: 'none' });
        return;
      }
      const [store, menu] = await Promise.all([loadStore(branchId), withMenu ? loadTopMenu(branchId) : null]);
      if (!live) return;
      if (!store) {
        writeKey(STORE_KEYS.merchantBranchId, null);
        if (domainName) navigate('/', { replace: true });
        setShell({ store: null, menu: null, status: 'none' });
        return;
      }
      writeKey(STORE_KEYS.merchantBranchId, branchId);
      // Resolved and kept: the address stays /tableNo/{n} (a reload finds the stored branch).
      if (clientId) dropSearchParams('clientId');
      if (!storefrontAllowed(store.licences, readTableNo())) {
        toast('warn', BASKET_MESSAGES.serviceUnavailable);
        setShell({ store: null, menu: null, status: 'unavailable' });
        return;
      }
      // A transition: React renders the whole store page in slices that let the phone answer taps in
      // between, rather than in one long task (with its data in the page, it all comes at once).
      startTransition(() => setShell({ store, menu, status: 'ready' }));
    })();
    return () => {
      live = false;
    };
  }, [domainName, wantsStore]);

  const store = shell.store;
  // The test bar goes above everything: drawn before it is known, the page would jump down when it came
  // (the page's HTML preloads the call, platform/web-app.ts, so this waits for its reply, not its start).
  if (params === undefined) return null;
  if (shell.status === 'unavailable') {
    // Licence gating: the toast and nothing of the shell (spec 3 §6).
    return (
      <div className="sf sf-unavailable">
        <Toaster />
        <main className="sf-unavailable-main">
          <h1>{BASKET_MESSAGES.serviceUnavailable}</h1>
          <p>This store is not taking online orders right now. Please try again later.</p>
          <Link to="/marketplace" className="sf-button sf-button-primary">
            Browse other stores
          </Link>
        </main>
      </div>
    );
  }

  const marketplace = route.page === 'marketplace' || (route.page === 'store' && !domainName && shell.status === 'none');
  let page: ReactElement;
  if (marketplace) page = <MarketplacePage />;
  else if (route.page === 'store')
    // Keyed by the store: another store's page starts afresh (with the menu handed to it).
    page = store && storePage ? <storePage.StorePage key={store.branchId} store={store} menu={shell.menu} /> : <PageLoading />;
  else if (route.page === 'confirmOrder') page = CheckoutPage ? <CheckoutPage /> : <PageLoading />;
  else if (route.page === 'login') page = LoginPage ? <LoginPage /> : <PageLoading />;
  else if (route.page === 'account' && member.status === 'signedIn')
    page =
      route.name === 'accountDetails' ? <AccountDetailsPage /> : route.name === 'paymentMethods' ? <PaymentMethodsPage /> : <AccountPage name={route.name} />;
  else page = <PageLoading />;

  return (
    <div className="sf">
      <a className="sf-skip" href="#sf-main">
        Skip to content
      </a>
      {params?.testEnvironment && (
        <div className="sf-test-banner" role="status">
          {MESSAGES.testEnvironment}
        </div>
      )}
      <header className="sf-header">
        <div className="sf-header-bar">
          <Link to={store ? `/${store.info.domainName}` : '/marketplace'} className="sf-brand">
            {store?.info.hasLogo ? (
              <img src={imageUrl(store.branchId, 'LOGO')} alt="" width={36} height={36} className="sf-brand-logo" />
            ) : (
              <span className="sf-brand-mark" aria-hidden="true">
                T
              </span>
            )}
            <span className="sf-brand-name">{store ? store.info.tradingName : 'Tillpoint'}</span>
          </Link>
          <nav className="sf-nav" aria-label="Main">
            {member.status === 'signedIn' && (
              <Link to={store ? `/${store.info.domainName}` : '/'} className="sf-nav-link ac-bar-link">
                Home
              </Link>
            )}
            <Link to="/marketplace" className={member.status === 'signedIn' ? 'sf-nav-link ac-bar-link' : 'sf-nav-link'}>
              Market Place
            </Link>
            {member.status === 'signedIn' ? (
              <UserMenu user={member.user} homeTo={store ? `/${store.info.domainName}` : '/'} />
            ) : (
              <Link to={`/login${store ? `?${basketQuery(store.branchId)}` : ''}`} className="sf-nav-link sf-nav-login">
                LOGIN
              </Link>
            )}
          </nav>
        </div>
        <Banner store={route.page === 'store' ? store : null} marketplace={marketplace} />
      </header>
      <main id="sf-main" className="sf-main">
        <Suspense fallback={<PageLoading />}>{page}</Suspense>
      </main>
      <footer className="sf-footer">
        {store && !marketplace && (
          <button type="button" className="sf-link-button" onClick={() => setPolicyOpen(true)}>
            Return/Refund Policy
          </button>
        )}
        <span>Version {APP_VERSION}</span>
      </footer>
      {policyOpen && <RefundPolicyDialog onClose={() => setPolicyOpen(false)} />}
      {resetKey && (
        <Suspense fallback={null}>
          <ChangePasswordDialog resetKey={resetKey} onClose={() => dropSearchParams(KEY_PARAMS.reset)} />
        </Suspense>
      )}
      <Toaster />
    </div>
  );
}

const basketQuery = (branchId: number) => readBasketId(branchId) ?? '';

/** The branch banner (header image on wide screens, the mobile image on phones), or the marketplace banner. */
function Banner({ store, marketplace }: { store: StoreData | null; marketplace: boolean }) {
  if (marketplace) {
    return (
      <div className="sf-banner sf-banner-market">
        <div className="sf-banner-text">
          <p className="sf-banner-kicker">Tillpoint Market Place</p>
          <p className="sf-banner-title">Order from your favourite local places</p>
        </div>
      </div>
    );
  }
  if (!store || (!store.info.hasHeaderImage && !store.info.hasMobileImage)) return null;
  const wide = store.info.hasHeaderImage ? imageUrl(store.branchId, 'HEADER') : imageUrl(store.branchId, 'MOBILE');
  const phone = store.info.hasMobileImage ? imageUrl(store.branchId, 'MOBILE') : wide;
  return (
    <picture className="sf-banner">
      <source media="(max-width: 640px)" srcSet={phone} />
      <img src={wide} alt="" className="sf-banner-image" width={1900} height={360} fetchPriority="high" />
    </picture>
  );
}

function PageLoading() {
  return (
    <div className="sf-page-loading" aria-busy="true">
      <span className="sf-spinner" aria-hidden="true" />
      <span className="sf-sr-only">Loading</span>
    </div>
  );
}
