import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';
import { ACCOUNT_PAGES, type AccountPage, isReservedPathName } from '@tillpoint/contracts/storefront-routes';

/**
 * The storefront's path router: a few lines over the History API instead of react-router (the
 * storefront has six flat routes and a 170 KB first-load budget; react-router adds about 20 KB gzipped).
 */
export type Location = { pathname: string; search: string };

const listeners = new Set<() => void>();
let current: Location = read();

function read(): Location {
  return { pathname: window.location.pathname, search: window.location.search };
}

function changed() {
  const next = read();
  if (next.pathname === current.pathname && next.search === current.search) return;
  current = next;
  for (const l of listeners) l();
}

window.addEventListener('popstate', changed);

/** Goes to an address of the storefront (`/marketplace`, `/demo-bistro?x=1`); replace keeps the back button where it was. */
export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  changed();
  if (!options.replace) window.scrollTo(0, 0);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, () => current);
}

/** A query parameter of the current address. */
export function useSearchParam(name: string): string | null {
  return new URLSearchParams(useLocation().search).get(name);
}

/** Removes query parameters from the address without a new history entry (the notice flags, spec 3 §2.2). */
export function dropSearchParams(...names: string[]) {
  const params = new URLSearchParams(window.location.search);
  let dropped = false;
  for (const n of names) {
    if (params.has(n)) {
      params.delete(n);
      dropped = true;
    }
  }
  if (!dropped) return;
  const rest = params.toString();
  navigate(`${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`, { replace: true });
}

/** An ordinary link (it opens in a new tab with a modifier key) that navigates in place on a plain click. */
export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}

const isAccountPage = (name: string): name is AccountPage => (ACCOUNT_PAGES as readonly string[]).includes(name);

/** The storefront's routes (spec 3 §2.2), matched on the first path segment. */
export type Route =
  | { page: 'account'; name: AccountPage }
  | { page: 'store'; domainName: string | null; tableNo: number | null }
  | { page: 'marketplace' }
  | { page: 'confirmOrder' }
  | { page: 'login' }
  | { page: 'display'; domainName: string };


export function matchRoute(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      return p;
    }
  });
  const [first, second] = parts;
  if (!first) return { page: 'store', domainName: null, tableNo: null };
  if (first === 'marketplace') return { page: 'marketplace' };
  if (first === 'confirmOrder' || first === 'approveOrder') return { page: 'confirmOrder' };
  if (first === 'login') return { page: 'login' };
  if (isAccountPage(first)) return { page: 'account', name: first };
  if (first === 'display' && second) return { page: 'display', domainName: second };
  if (first === 'tableNo') {
    const n = Number(second);
    return { page: 'store', domainName: null, tableNo: Number.isInteger(n) && n > 0 ? n : null };
  }
  // Names that are pages (the list the server refuses as a branch's domain name), never a store's.
  if (isReservedPathName(first)) return { page: 'store', domainName: null, tableNo: null };
  return { page: 'store', domainName: first, tableNo: null };
}
