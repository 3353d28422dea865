import { useEffect, useId, useRef, useState } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { SystemParams } from '@tillpoint/contracts/auth';
import { CHECK_EMAIL, type CheckEmailAnswer, MEMBER_MESSAGES, MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { isApiError } from '@tillpoint/contracts/notice';
import { api } from '../../shared/api';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { notifyMember } from '../account/member-notify';
import { Captcha, type CaptchaHandle } from '../../backoffice/auth/captcha';
import { isLoginEmail } from '../account/member-rules';
import { useMember } from '../account/member-session';
import { navigate } from '../router';
import { CoInput } from '../co-field';
import { toast } from '../toast';
import { afterLogin, finishLogin, finishSignIn } from './finish-login';
import { GoogleSignIn } from './google-sign-in';
import { EmailLine, StepSubmit } from './login-parts';
import { RegisterForm } from './register-form';
import { RegisterGoogleForm } from './register-google-form';
import '../checkout/checkout.css';
import '../account/account.css';

/** The login page's steps (spec 3 §2.2, §4.9): checkemail's 0/1/2 choose register, password or verifycode. */
type Step =
  | { name: 'new' }
  | { name: 'password' }
  | { name: 'register' | 'verifycode' }
  | { name: 'registerGoogle'; credential: string; email: string; firstName: string; lastName: string };

type GoogleReply = { status: 'LOGIN'; code: string } | { status: 'REGISTER'; email: string; firstName: string; lastName: string };

/**
 * `/login?{basketId}`: one e-mail box first, then the step the account needs. Every rule of spec 3 §5.5
 * is checked here before a call, and again on the server.
 */
export function LoginPage() {
  const id = useId();
  const [step, setStep] = useState<Step>({ name: 'new' });
  const [email, setEmail] = useState('');
  const [busy, run] = useBusy();
  const [clientId, setClientId] = useState<string | null>(null);
  // The basket id is the whole query string (/login?{basketId}).
  const basketId = decodeURIComponent(window.location.search.replace(/^\?/, '')).trim();

  // A member who is signed in already (the menu's checkout button) goes straight on.
  // (Once: a sign-in on this page sets `handled` first and goes on by itself.)
  const member = useMember();
  const handled = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the session's arrival matters
  useEffect(() => {
    if (member.status !== 'signedIn' || handled.current) return;
    handled.current = true;
    void afterLogin(basketId);
  }, [member.status]);

  useEffect(() => {
    // The Google button shows only when the server has a client id (spec 3 §7.4).
    void api.get<{ clientId: string | null }>(MEMBER_SECURITY_PATHS.googleClientId, { token: null }).then((r) => r.ok && setClientId(r.body.clientId));
  }, []);

  const carryOn = async () => {
    handled.current = true;
    const address = email.trim();
    if (!isLoginEmail(address)) {
      toast('warn', MEMBER_MESSAGES.loginEmail);
      return;
    }
    const r = await run(api.get<CheckEmailAnswer>(MEMBER_SECURITY_PATHS.checkEmail(address), { token: null }));
    if (!r.ok) {
      notifyMember(r, { suppressSuccess: true });
      return;
    }
    setEmail(address);
    if (r.body === CHECK_EMAIL.password) setStep({ name: 'password' });
    else setStep({ name: r.body === CHECK_EMAIL.register ? 'register' : 'verifycode' });
  };

  /** Busy until the sign-in has finished too: the tokens, and the basket made the member's. */
  const signInWithGoogle = async (credential: string) => {
    handled.current = true;
    const r = await api.post<GoogleReply>(MEMBER_SECURITY_PATHS.loginGoogle, { credential }, { token: null });
    if (!r.ok) {
      notifyMember(r, { suppressSuccess: true });
      return;
    }
    if (r.body.status === 'LOGIN') await finishLogin(r.body.code, basketId);
    else setStep({ name: 'registerGoogle', credential, email: r.body.email, firstName: r.body.firstName, lastName: r.body.lastName });
  };
  const google = (credential: string) => run(signInWithGoogle(credential));

  const back = () => setStep({ name: 'new' });
  const titles: Record<Step['name'], string> = {
    new: 'Login',
    password: 'Welcome back',
    register: 'Create your account',
    verifycode: 'Verify your e-mail',
    registerGoogle: 'Almost there',
  };

  return (
    <div className="co-page co-login">
      <section className="co-card-box" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{titles[step.name]}</h1>
        {step.name === 'new' && (
          <>
            <p className="co-muted">Sign in or create an account with your e-mail address.</p>
            {clientId && (
              <>
                <GoogleSignIn clientId={clientId} onCredential={google} />
                <div className="co-divider">or</div>
              </>
            )}
            <SubmitForm onSubmit={carryOn}>
              <CoInput id={`${id}-email`} label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" inputMode="email" />
              <StepSubmit label="Continue" disabled={busy} />
            </SubmitForm>
            {basketId && (
              <>
                <div className="co-divider">or</div>
                <button type="button" className="co-button co-button-secondary co-guest" onClick={() => navigate('/confirmOrder')}>
                  Checkout as a guest
                </button>
              </>
            )}
          </>
        )}
        {step.name === 'password' && <PasswordStep email={email} basketId={basketId} onBack={back} />}
        {(step.name === 'register' || step.name === 'verifycode') && (
          <RegisterForm email={email} codeSentBefore={step.name === 'verifycode'} basketId={basketId} onBack={back} />
        )}
        {step.name === 'registerGoogle' && <RegisterGoogleForm {...step} basketId={basketId} onBack={back} />}
      </section>
    </div>
  );
}

function PasswordStep({ email, basketId, onBack }: { email: string; basketId: string; onBack: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [busy, run] = useBusy();
  // null until the system parameters say whether the captcha is on: Login waits for the answer.
  const [captchaOn, setCaptchaOn] = useState<boolean | null>(null);
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const captcha = useRef<CaptchaHandle>(null);

  useEffect(() => {
    void api.get<SystemParams>(PATHS.systemParams, { token: null }).then((r) => setCaptchaOn((on) => on || (r.ok && r.body.showCaptcha)));
  }, []);

  const login = async () => {
    if (password === '') {
      toast('warn', MESSAGES.passwordRequired);
      return;
    }
    if (await run(signIn())) return;
    // A captcha solution is good for one attempt.
    captcha.current?.reset();
  };

  /** Whether the member is signed in: busy until the sign-in has finished too. */
  const signIn = async () => {
    const r = await api.post<{ code: string }>(MEMBER_SECURITY_PATHS.login, { email, password, reCaptchaToken: captchaOn ? captchaPayload : null }, { token: null });
    // After repeated failures the server asks for the captcha even when it is off.
    if (!r.ok && isApiError(r.body) && r.body.details === MESSAGES.captchaRequired) setCaptchaOn(true);
    return finishSignIn(r, basketId);
  };

  // The mailed link opens the storefront's Change Password dialog (spec 3 §2.2 'Shell').
  const forgot = async () => notifyMember(await run(api.post(MEMBER_SECURITY_PATHS.resetInit, { email, url: '/' }, { token: null })));

  return (
    <SubmitForm onSubmit={login}>
      <EmailLine email={email} onBack={onBack} />
      <CoInput id={`${id}-password`} label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
      {captchaOn && <Captcha ref={captcha} onChange={setCaptchaPayload} />}
      <StepSubmit label="Login" disabled={busy || captchaOn === null || (captchaOn && !captchaPayload)} />
      <p className="ac-under">
        <button type="button" className="co-link" onClick={() => void forgot()} disabled={busy}>
          Forgot Password?
        </button>
      </p>
    </SubmitForm>
  );
}
