import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import type { z } from 'zod';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { notify } from '../../shared/notify';
import { userType } from '../../shared/session';
import { TextField } from '../../shared/ui/field-frame';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { useZodForm } from '../../shared/ui/use-zod-form';
import { signIn } from './auth-api';
import { Captcha, type CaptchaHandle } from './captcha';

const LAST_STORE_KEY = 'tillpoint.lastStoreName';

type LoginValues = { domainName?: string; userName: string; password: string; reCaptchaToken?: string | null };
// One form for both panels; the admin schema simply has no store name to check. Loaded at the
// first submit: the form shows before zod's code arrives (use-zod-form.ts).
const schema = (): Promise<z.ZodType<LoginValues, LoginValues>> =>
  import('@tillpoint/contracts/auth').then((m) => (userType === 'merchant' ? m.merchantLoginSchema : m.adminLoginSchema));

/** The login panel of spec 1 §2: admin asks user name and password, merchant the store name too. */
export function LoginPanel({ captchaRequired: captchaOn, onForgotPassword }: { captchaRequired: boolean; onForgotPassword: () => void }) {
  // After repeated failures the server asks for the captcha even when it is off: the widget then shows.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captchaRequired = captchaOn || captchaAsked;
  const merchant = userType === 'merchant';
  const blank = { domainName: '', userName: '', password: '' };
  const form = useZodForm(schema, { ...blank, domainName: merchant ? (localStorage.getItem(LAST_STORE_KEY) ?? '') : '' });
  const [captchaPayload, setCaptchaPayload] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const captcha = useRef<CaptchaHandle>(null);
  const locked = captchaRequired && !captchaPayload;

  const login = () =>
    form.submit(async (values) => {
      const result = await run(signIn({ ...values, reCaptchaToken: captchaRequired ? captchaPayload : null }));
      if (result.ok) {
        if (merchant && values.domainName) localStorage.setItem(LAST_STORE_KEY, values.domainName);
        return;
      }
      if ((result.body as { details?: unknown } | null)?.details === MESSAGES.captchaRequired) setCaptchaAsked(true);
      notify(result, { suppressSuccess: true });
      // A failed login clears what was typed, the store name too (spec 1 §8).
      form.reset(blank);
      captcha.current?.reset();
    });

  return (
    <SubmitForm
      className="signin-form"
      aria-labelledby="login-title"
      onSubmit={() => !locked && !busy && login()}
    >
      <h1 id="login-title">Login</h1>
      {merchant && <TextField control={form.control} name="domainName" label="Store Name" autoComplete="organization" />}
      <TextField control={form.control} name="userName" label="User Name" autoComplete="username" />
      <TextField control={form.control} name="password" label="Password" type="password" autoComplete="current-password" />
      {captchaRequired && <Captcha ref={captcha} onChange={setCaptchaPayload} />}
      <Button type="submit" label="Login" icon="pi pi-sign-in" className="w-full" disabled={locked} loading={busy} />
      {/* A plain button: PrimeReact's would carry aria-label="Forgot Password", which a search
          for the Password field by its label would also find. */}
      <button type="button" className="p-button p-component p-button-link w-full" disabled={locked} onClick={onForgotPassword}>
        <span className="p-button-label">Forgot Password</span>
      </button>
    </SubmitForm>
  );
}
