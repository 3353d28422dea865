import { useState } from 'react';
import { APP_VERSION, KEY_PARAMS } from '@tillpoint/contracts/session-constants';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { userType } from '../../shared/session';
import { useSystemParams } from '../system-params';
import { LoginPanel } from './login-panel';
import { type MailedKey, ResetFinishPanel } from './reset-finish-panel';
import { ResetRequestPanel } from './reset-request-panel';

function mailedKey(): MailedKey | null {
  const q = new URLSearchParams(window.location.search);
  const activation = q.get(KEY_PARAMS.activation);
  if (activation) return { key: activation, activation: true };
  const reset = q.get(KEY_PARAMS.reset);
  return reset ? { key: reset, activation: false } : null;
}

type Panel = { kind: 'login' } | { kind: 'request' } | { kind: 'finish'; mailed: MailedKey };

/** The sign-in page of spec 1 §2: login, reset request and reset finish panels. */
export default function SignInPage() {
  const params = useSystemParams();
  const [panel, setPanel] = useState<Panel>(() => {
    const mailed = mailedKey();
    return mailed ? { kind: 'finish', mailed } : { kind: 'login' };
  });
  // Until the parameters arrive the captcha counts as required, so nothing is enabled early.
  const captchaRequired = params.data?.showCaptcha ?? true;

  const backToLogin = () => {
    // The key is spent (or abandoned): drop it from the address so a reload shows the login.
    if (panel.kind === 'finish') window.history.replaceState(null, '', window.location.pathname);
    setPanel({ kind: 'login' });
  };

  return (
    <div className="signin-page">
      {params.data?.testEnvironment && (
        <div className="test-banner" role="status">
          {MESSAGES.testEnvironment}
        </div>
      )}
      <main className="signin-card">
        <div className="signin-brand">
          <i className="pi pi-shopping-bag brand-logo" aria-hidden="true" />
          <div>
            <div className="brand-name">Tillpoint</div>
            <div className="brand-sub">{userType === 'merchant' ? 'Merchant Back Office' : 'Platform Administration'}</div>
          </div>
        </div>
        {panel.kind === 'login' && <LoginPanel captchaRequired={captchaRequired} onForgotPassword={() => setPanel({ kind: 'request' })} />}
        {panel.kind === 'request' && <ResetRequestPanel onDone={backToLogin} />}
        {panel.kind === 'finish' && <ResetFinishPanel mailed={panel.mailed} onDone={backToLogin} />}
        <p className="signin-version">Version {APP_VERSION}</p>
      </main>
    </div>
  );
}
