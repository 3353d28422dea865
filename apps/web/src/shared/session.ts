import { useSyncExternalStore } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { STAFF_REFRESH_MS } from '@tillpoint/contracts/session-constants';
import type { Tokens, UserDto } from '@tillpoint/contracts/auth';
import { TILL_ENTRY_PARAMS, isDisplayScope } from '@tillpoint/contracts/order-display-paths';
import { api, onUnauthorized, setAccessToken } from './api';
import { setSignOutHandler } from './notify';

/**
 * The staff session. The access token lives in memory (and sessionStorage, so a reload of the
 * tab keeps it); the refresh token is an httpOnly cookie only the server reads. The user type
 * comes from the page address: /admin/ or /merchant/.
 */
export type StaffType = 'admin' | 'merchant';
export type SessionState =
  | { status: 'restoring' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: UserDto };

export const userType: StaffType = window.location.pathname.startsWith('/merchant') ? 'merchant' : 'admin';
export const authPaths = PATHS[userType];

const STORAGE_KEY = `tillpoint.${userType}.session`;
// Says only that a refresh cookie was set in this browser, so a first visit skips a refresh
// call that could only fail. The cookie itself is httpOnly and stays unreadable here.
const MARKER_KEY = `tillpoint.${userType}.signedIn`;
/** A till-mode session (spec 3 §2.2, §6): its token comes from the local till service, its scope narrows the role check. */
export type TillSession = { userType: 'tillUser'; tokenUrl: string; scope: string };
type Stored = { accessToken: string; user: UserDto; till?: TillSession };

let state: SessionState = { status: 'restoring' };
let till: TillSession | null = null;
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setInterval> | undefined;
const signOutListeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

function readStored(): Stored | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Stored) : null;
  } catch {
    return null;
  }
}

function apply(tokens: Pick<Tokens, 'accessToken' | 'userDTO'>, tillSession: TillSession | null = till) {
  till = tillSession;
  setAccessToken(tokens.accessToken);
  const stored: Stored = { accessToken: tokens.accessToken, user: tokens.userDTO, ...(till ? { till } : {}) };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  localStorage.setItem(MARKER_KEY, '1');
  setState({ status: 'signedIn', user: tokens.userDTO });
  if (refreshTimer === undefined) refreshTimer = setInterval(() => void refresh(), STAFF_REFRESH_MS);
}

/** Ends the session on this side: memory, storage and timer; the sign-in page shows. */
export function clearSession() {
  if (refreshTimer !== undefined) clearInterval(refreshTimer);
  refreshTimer = undefined;
  setAccessToken(null);
  till = null;
  sessionStorage.removeItem(STORAGE_KEY);
  localStorage.removeItem(MARKER_KEY);
  const wasSignedIn = state.status === 'signedIn';
  setState({ status: 'signedOut' });
  if (wasSignedIn) {
    // The next person to sign in starts at their own landing page, not at the last one's screen.
    history.replaceState(null, '', window.location.pathname);
    for (const l of signOutListeners) l();
  }
}

/** Lets caches (TanStack Query) drop what the previous user saw. */
export function onSignOut(listener: () => void) {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

// Refresh tokens rotate and a reused one revokes the whole family, so never two at once
// (React's strict mode runs start-up effects twice).
let refreshing: Promise<boolean> | null = null;

/** Swaps the refresh cookie for new tokens; false when the server no longer knows the session. */
export function refresh(): Promise<boolean> {
  refreshing ??= (async () => {
    // A till's session has no refresh cookie: the till service hands out the current token.
    if (till) return tillSignIn(till);
    const r = await api.post<Tokens>(authPaths.refresh, {}, { token: null });
    if (r.ok) apply(r.body);
    // A network failure keeps whatever session we have; only the server's 'no' ends it.
    else if (r.status !== 0) clearSession();
    return r.ok;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let restoring: Promise<void> | null = null;

/** On start: a stored token shows the app at once; the cookie decides whether the session lives. */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    const entry = tillEntry();
    if (entry) {
      if (!(await tillSignIn(entry))) setState({ status: 'signedOut' });
      return;
    }
    const stored = readStored();
    if (!stored && !localStorage.getItem(MARKER_KEY)) return setState({ status: 'signedOut' });
    if (stored) apply({ accessToken: stored.accessToken, userDTO: stored.user }, stored.till ?? null);
    const ok = await refresh();
    if (!ok && state.status === 'restoring') setState({ status: 'signedOut' });
  })();
  return restoring;
}

/** Sign-in finished (tokens exchanged, licence checked). */
export function startSession(tokens: Tokens) {
  apply(tokens);
}

export async function logout() {
  await api.post(authPaths.logout, {});
  clearSession();
}

/** The till mode's scope text while a till session is on, else null (spec 3 §6: the role check uses it when present). */
export function tillScope(): string | null {
  return till?.scope ?? null;
}

/**
 * The till mode entry of spec 3 §2.2 on the merchant app: `?token_url=…&scope=…` (a scope without
 * CUSTOMER). Read once from the address, which then loses it (the token address is kept in the session).
 */
function tillEntry(): TillSession | null {
  if (userType !== 'merchant') return null;
  const params = new URLSearchParams(window.location.search);
  const tokenUrl = params.get(TILL_ENTRY_PARAMS.tokenUrl);
  const scope = params.get(TILL_ENTRY_PARAMS.scope);
  if (!tokenUrl || !scope || isDisplayScope(scope)) return null;
  params.delete(TILL_ENTRY_PARAMS.tokenUrl);
  params.delete(TILL_ENTRY_PARAMS.scope);
  const rest = params.toString();
  history.replaceState(null, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${ROUTES_ORDERS}`);
  return { userType: 'tillUser', tokenUrl, scope };
}

/** How long the local till service may take to hand out the token. */
const TILL_SERVICE_TIMEOUT_MS = 10_000;

/** Where a till lands: the open orders. */
const ROUTES_ORDERS = '#/orders';

/**
 * Signs in as the till's user (spec 3 §6 'till mode'): the local till service (GET token_url) answers
 * accessToken and userDTO; the branch's licences are checked as at a sign-in; the session is kept as
 * a tillUser with the user's privileges. False when the till service or the licence check says no.
 */
async function tillSignIn(entry: TillSession): Promise<boolean> {
  let tokens: Pick<Tokens, 'accessToken' | 'userDTO'>;
  try {
    const url = new URL(entry.tokenUrl);
    if (!/^https?:$/.test(url.protocol)) return false;
    // A till service that takes the request and never answers must not leave the app blank: it counts as not answering.
    const res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(TILL_SERVICE_TIMEOUT_MS) });
    const body = (await res.json()) as Partial<Tokens>;
    if (!res.ok || !body.accessToken || !body.userDTO) return false;
    tokens = { accessToken: body.accessToken, userDTO: body.userDTO };
  } catch {
    // Not answering now: a session already on keeps its token until the server refuses it.
    return state.status === 'signedIn';
  }
  const branchId = tokens.userDTO.merchantBranchId;
  const check = branchId === null ? null : await api.get(PATHS.licenceCheck(branchId), { token: tokens.accessToken });
  if (!check?.ok) {
    if (state.status === 'signedIn') clearSession();
    return false;
  }
  apply(tokens, entry);
  return true;
}

export function getSession(): SessionState {
  return state;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession);
}

/** The signed-in user; only for components rendered inside the signed-in shell. */
export function useUser(): UserDto {
  const s = useSession();
  if (s.status !== 'signedIn') throw new Error('useUser outside a signed-in session');
  return s.user;
}

onUnauthorized(clearSession);
setSignOutHandler(clearSession);
