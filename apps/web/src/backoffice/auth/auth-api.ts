import { PATHS } from '@tillpoint/contracts/api-paths';
import type { Tokens } from '@tillpoint/contracts/auth';
import { type ApiResult, api } from '../../shared/api';
import { authPaths, startSession, userType } from '../../shared/session';
import { ROUTES } from '../route-hrefs';

export type Credentials = { domainName?: string | null; userName: string; password: string; reCaptchaToken: string | null };

/** Where a user lands after signing in: admin at home, merchant at its landing page (spec 1 §2). */
export function landingOf(tokens: Tokens): string {
  const page = userType === 'merchant' ? tokens.userDTO.landingPage : null;
  return page?.startsWith('#') ? page : ROUTES.home;
}

/**
 * The sign-in flow of spec 1 §4: credentials give a one-time code, the code gives tokens, and a
 * merchant's branch must pass the licence check before the session starts. A refused check
 * signs the half-made session out again on the server.
 */
export async function signIn(credentials: Credentials): Promise<ApiResult<Tokens>> {
  const body =
    userType === 'merchant'
      ? credentials
      : { userName: credentials.userName, password: credentials.password, reCaptchaToken: credentials.reCaptchaToken };
  const login = await api.post<{ code: string }>(authPaths.login, body, { token: null });
  if (!login.ok) return login;
  const tokens = await api.post<Tokens>(authPaths.tokens(login.body.code), {}, { token: null });
  if (!tokens.ok) return tokens;
  const { accessToken, userDTO } = tokens.body;
  if (userType === 'merchant') {
    const check = userDTO.merchantBranchId === null ? null : await api.get(PATHS.licenceCheck(userDTO.merchantBranchId), { token: accessToken });
    if (!check?.ok) {
      await api.post(authPaths.logout, {}, { token: accessToken });
      return check ?? { ok: false, status: 400, body: null };
    }
  }
  window.location.hash = landingOf(tokens.body);
  startSession(tokens.body);
  return tokens;
}
