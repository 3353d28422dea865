import { useSyncExternalStore } from 'react';

/**
 * The back office's hash routes, as the spec writes them: '#/taxSave', '#merchantUserSave?5',
 * '#merchantBranchSave??7'. Parameters follow '?' positionally (not key=value), which a general
 * router would mangle, so this small one reads them as they are.
 */
export type HashRoute = { name: string; params: string[] };

export function parseHash(hash: string): HashRoute {
  const text = hash.replace(/^#/, '').replace(/^\//, '');
  const [name, ...params] = text.split('?');
  return { name: decodeURIComponent(name), params: params.map((p) => decodeURIComponent(p)) };
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

/** The current hash; components re-render when it changes. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => window.location.hash);
}

export function navigate(href: string) {
  window.location.hash = href.replace(/^#/, '');
}

export const isHome = (hash: string) => parseHash(hash).name === '';

/** One page back inside the app; with nothing before it (a fresh tab), home instead of leaving. */
export function goBack() {
  if (window.history.length > 1) window.history.back();
  else navigate('#/');
}

/**
 * Rewrites the current address without a new history entry, e.g. '#merchantAccountSave?' becomes
 * '#merchantAccountSave?12' once the account is created: Back still leaves the page, a reload reopens the record.
 */
export function replaceHash(href: string) {
  history.replaceState(history.state, '', `#${href.replace(/^#/, '')}`);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
