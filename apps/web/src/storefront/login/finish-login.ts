import type { Tokens } from '@tillpoint/contracts/auth';
import { MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { type ApiResult, api } from '../../shared/api';
import { notifyMember } from '../account/member-notify';
import { startMemberSession } from '../account/member-session';
import { navigate } from '../router';
import { readBranchId, writeBasketId } from '../storefront-storage';

/**
 * PUT storemanagement/basket/setBasketToLoginUser/… (spec 3 §7.3). Spelled here because the contracts'
 * MEMBER_DATA_PATHS lives beside zod schemas the storefront must not load.
 */
const setBasketToLoginUser = (branchId: number, bssId: string) =>
  `storemanagement/basket/setBasketToLoginUser/merchantBranchId/${branchId}/basketBssId/${encodeURIComponent(bssId)}`;

/**
 * The end of every sign-in (password, register, Google): the one-time code becomes tokens, and the
 * member goes home, or with a basket id the basket becomes theirs and they go to /approveOrder (spec 3 §4.9).
 */
export async function finishLogin(code: string, basketId: string): Promise<boolean> {
  const r = await api.post<Tokens>(MEMBER_SECURITY_PATHS.tokens(code), {}, { token: null });
  if (!r.ok) {
    notifyMember(r, { suppressSuccess: true });
    return false;
  }
  startMemberSession(r.body);
  await afterLogin(basketId);
  return true;
}

/**
 * A sign-in call's reply (password, register, Google): its one-time code finishes the sign-in, a refusal
 * is shown. Whether the member is signed in.
 */
export async function finishSignIn(r: ApiResult<{ code?: string }>, basketId: string): Promise<boolean> {
  if (r.ok && r.body.code) return finishLogin(r.body.code, basketId);
  notifyMember(r, { suppressSuccess: true });
  return false;
}

/** Where a signed-in member goes from /login: home, or with a basket id to /approveOrder with the basket theirs. */
export async function afterLogin(basketId: string) {
  const branchId = readBranchId();
  if (!basketId || branchId === null) {
    navigate('/', { replace: true });
    return;
  }
  const attached = await api.put<{ id: string }>(setBasketToLoginUser(branchId, basketId), {});
  if (attached.ok) {
    writeBasketId(branchId, attached.body.id);
    navigate('/approveOrder', { replace: true });
  } else {
    // The basket could not become the member's (gone, or ordered already): the checkout shows what is left.
    notifyMember(attached, { suppressSuccess: true });
    navigate('/confirmOrder', { replace: true });
  }
}
