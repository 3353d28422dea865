import { useSyncExternalStore } from 'react';
import type { Tokens, UserDto } from '@tillpoint/contracts/auth';
import { MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { MEMBER_REFRESH_MS } from '@tillpoint/contracts/session-constants';
import { api, onUnauthorized, setAccessToken } from '../../shared/api';
import { setSignOutHandler } from '../../shared/notify';

/**
 * The member's session on the storefront (spec 3 §4.9). The refresh token is the server's httpOnly
 * cookie; the access token lives in memory and in this tab's sessionStorage, so a reload does not
 * rotate the refresh token (two tabs rotating the same one at once would end the session). The spec's
 * storage keys (hsmUser, memberUserId, isAuthenticated, userType) say who is signed in across tabs.
 */
export type MemberState = { status: 'restoring' } | { status: 'signedOut' } | { status: 'signedIn'; user: UserDto };

export const MEMBER_KEYS = { user: 'hsmUser', userId: 'memberUserId', authenticated: 'isAuthenticated', userType: 'userType' } as const;
const TOKEN_KEY = 'tillpoint.member.accessToken';
type StoredToken = { accessToken: string; expireDate: string };

/**
 * What logout keeps (spec 3 §4.9): the branch id, the licence flags, the order type, the client id,
 * token_url and the original address. Everything else the storefront stored goes.
 */
export const KEPT_ON_LOGOUT = ['merchantBranchId', 'WEB_ORDER_LICENSE', 'TABLE_ORDER_LICENSE', 'WEB_MENU_LICENSE', 'orderType', 'clientId', 'token_url', 'originalAddress'];

let state: MemberState = { status: 'restoring' };
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function setState(next: MemberState) {
  state = next;
  for (const l of listeners) l();
}

function local(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function tab(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Refreshes once a day, or sooner when the token in hand expires first. */
function schedule(expireDate: string) {
  if (timer !== undefined) clearTimeout(timer);
  const untilExpiry = new Date(expireDate).getTime() - Date.now() - 5 * 60_000;
  timer = setTimeout(() => void refreshMember(), Math.max(10_000, Math.min(MEMBER_REFRESH_MS, untilExpiry)));
}

function apply(tokens: Pick<Tokens, 'accessToken' | 'expireDate' | 'userDTO'>) {
  setAccessToken(tokens.accessToken);
  const user = tokens.userDTO;
  tab()?.setItem(TOKEN_KEY, JSON.stringify({ accessToken: tokens.accessToken, expireDate: tokens.expireDate } satisfies StoredToken));
  const s = local();
  s?.setItem(MEMBER_KEYS.user, JSON.stringify(user));
  s?.setItem(MEMBER_KEYS.userId, String(user.id));
  s?.setItem(MEMBER_KEYS.authenticated, 'true');
  s?.setItem(MEMBER_KEYS.userType, 'member');
  setState({ status: 'signedIn', user });
  schedule(tokens.expireDate);
}

/** Clears cookies' counterpart here and the storage the spec says logout clears. */
export function clearMemberSession() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  setAccessToken(null);
  tab()?.removeItem(TOKEN_KEY);
  const s = local();
  if (s) {
    const keep = new Set(KEPT_ON_LOGOUT);
    for (const key of Object.keys(s)) if (!keep.has(key)) s.removeItem(key);
  }
  setState({ status: 'signedOut' });
}

let refreshing: Promise<boolean> | null = null;

/** New tokens for the refresh cookie; false when the server no longer knows the session. */
export function refreshMember(): Promise<boolean> {
  refreshing ??= (async () => {
    const r = await api.post<Tokens>(MEMBER_SECURITY_PATHS.refresh, {}, { token: null });
    if (r.ok) apply(r.body);
    // A network failure keeps the session; only the server's 'no' ends it.
    else if (r.status !== 0) clearMemberSession();
    else if (state.status === 'restoring') setState({ status: 'signedOut' });
    return r.ok;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

let restoring: Promise<void> | null = null;

/** The page check on start (spec 3 §4.9): a live token of this tab, else the refresh cookie decides. */
export function restoreMemberSession(): Promise<void> {
  restoring ??= (async () => {
    if (local()?.getItem(MEMBER_KEYS.authenticated) !== 'true' || local()?.getItem(MEMBER_KEYS.userType) !== 'member') {
      setState({ status: 'signedOut' });
      return;
    }
    const stored = readStoredToken();
    const user = readStoredUser();
    if (stored && user && new Date(stored.expireDate).getTime() - Date.now() > 5 * 60_000) {
      apply({ ...stored, userDTO: user });
      return;
    }
    await refreshMember();
  })();
  return restoring;
}

function readStoredToken(): StoredToken | null {
  try {
    const raw = tab()?.getItem(TOKEN_KEY);
    return raw ? (JSON.parse(raw) as StoredToken) : null;
  } catch {
    return null;
  }
}

function readStoredUser(): UserDto | null {
  try {
    const raw = local()?.getItem(MEMBER_KEYS.user);
    return raw ? (JSON.parse(raw) as UserDto) : null;
  } catch {
    return null;
  }
}

/** Sign-in finished: the one-time code was exchanged for these tokens. */
export function startMemberSession(tokens: Tokens) {
  apply(tokens);
}

/** A profile save changes the names the menu shows. */
export function updateMemberNames(firstName: string, lastName: string) {
  if (state.status !== 'signedIn') return;
  const user = { ...state.user, firstName, lastName };
  local()?.setItem(MEMBER_KEYS.user, JSON.stringify(user));
  setState({ status: 'signedIn', user });
}

export async function memberLogout() {
  await api.post(MEMBER_SECURITY_PATHS.logout, {});
  clearMemberSession();
}

export const getMemberState = () => state;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useMember(): MemberState {
  return useSyncExternalStore(subscribe, getMemberState);
}

// A 401 on a call that carried the member's token means the session is over.
onUnauthorized(() => {
  if (state.status === 'signedIn') clearMemberSession();
});
setSignOutHandler(() => {
  if (state.status === 'signedIn') clearMemberSession();
});
