import { type ComponentProps, useEffect, useId, useRef, useState } from 'react';
import { MEMBER_SECURITY_PATHS, VERIFY_CODE_LENGTH } from '@tillpoint/contracts/member-paths';
import { api } from '../../shared/api';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { notifyMember } from '../account/member-notify';
import { PasswordStrength } from '../account/password-strength';
import { type RegisterForm as Form, registerProblem, toIsoDate } from '../account/member-rules';
import { CoInput, TitleField } from '../co-field';
import { toast } from '../toast';
import { finishSignIn } from './finish-login';
import { EmailLine, StepSubmit, useCountdown } from './login-parts';

/**
 * The register and verifycode steps (spec 3 §2.2, §4.9): the account's details and the 6-character code
 * mailed to the address. Register mails the code on arrival and counts 60 seconds before 'Send Verify
 * Code Again'; verifycode (a registration begun earlier) offers it at once.
 */
export function RegisterForm({ email, codeSentBefore, basketId, onBack }: { email: string; codeSentBefore: boolean; basketId: string; onBack: () => void }) {
  const id = useId();
  const [form, setForm] = useState<Form>({
    email,
    title: 'MR',
    firstName: '',
    lastName: '',
    mobilePhone: '',
    birthDay: '',
    password: '',
    passwordConfirm: '',
    verifyCode: '',
  });
  const [busy, run] = useBusy();
  const [left, startCountdown] = useCountdown();
  const sentOnce = useRef(false);

  const sendCode = async () => {
    const r = await run(api.post(MEMBER_SECURITY_PATHS.verifyCode, { email }, { token: null }));
    notifyMember(r);
    if (r.ok) startCountdown();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: mailed once, when the step opens
  useEffect(() => {
    // Strict mode runs effects twice; the code is mailed once.
    if (codeSentBefore || sentOnce.current) return;
    sentOnce.current = true;
    void sendCode();
  }, []);

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async () => {
    const problem = registerProblem(form);
    if (problem) {
      toast('warn', problem);
      return;
    }
    const body = {
      ...form,
      verifyCode: form.verifyCode.trim().toUpperCase(),
      mobilePhone: form.mobilePhone.trim() || null,
      birthDay: form.birthDay.trim() ? toIsoDate(form.birthDay) : null,
    };
    await run(api.post<{ code: string }>(MEMBER_SECURITY_PATHS.register, body, { token: null }).then((r) => finishSignIn(r, basketId)));
  };

  const field = (key: keyof Form, label: string, props: ComponentProps<'input'> = {}) => (
    <CoInput id={`${id}-${key}`} label={label} value={form[key]} onChange={set(key)} {...props} />
  );

  return (
    <SubmitForm className="ac-form" onSubmit={submit}>
      <EmailLine email={email} onBack={onBack} />
      <p className="co-muted">
        {codeSentBefore
          ? 'Your registration is not finished yet. Enter the verify code we mailed to you, or ask for a new one.'
          : 'We have mailed a verify code to this address. Enter it with your details to create your account.'}
      </p>
      <div className="co-field">
        <label htmlFor={`${id}-verifyCode`}>Verify Code</label>
        <input
          id={`${id}-verifyCode`}
          className="ac-code"
          value={form.verifyCode}
          onChange={set('verifyCode')}
          maxLength={VERIFY_CODE_LENGTH}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
        />
      </div>
      <p className="ac-under" aria-live="polite">
        {left > 0 ? (
          <span className="co-muted">You can ask for a new code in {left} s.</span>
        ) : (
          <button type="button" className="co-link" onClick={() => void sendCode()} disabled={busy}>
            Send Verify Code Again
          </button>
        )}
      </p>
      <TitleField id={`${id}-title`} value={form.title} onChange={set('title')} />
      <div className="co-row">
        {field('firstName', 'First Name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
      </div>
      {field('mobilePhone', 'Mobile Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {field('birthDay', 'Date of Birth', { placeholder: 'DD/MM/YYYY', inputMode: 'numeric', maxLength: 10, autoComplete: 'bday' })}
      {field('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
      <PasswordStrength password={form.password} />
      {field('passwordConfirm', 'Confirm Password', { type: 'password', autoComplete: 'new-password' })}
      <StepSubmit label="Register" disabled={busy} />
    </SubmitForm>
  );
}
