import { useId, useState } from 'react';
import { MEMBER_MESSAGES, MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { api } from '../../shared/api';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { isEmpty } from '../account/member-rules';
import { CoInput, TitleField } from '../co-field';
import { toast } from '../toast';
import { finishSignIn } from './finish-login';
import { EmailLine, StepSubmit } from './login-parts';

/**
 * registerGoogle (spec 3 §4.9): Google's profile has no mobile phone or title, so the member gives them;
 * the same ID token goes back with them ('Please enter  Mobile Phone!' without a phone).
 */
export function RegisterGoogleForm(props: { credential: string; email: string; firstName: string; lastName: string; basketId: string; onBack: () => void }) {
  const id = useId();
  const [title, setTitle] = useState<string>('MR');
  const [mobilePhone, setMobilePhone] = useState('');
  const [busy, run] = useBusy();

  const submit = async () => {
    if (isEmpty(mobilePhone)) {
      toast('warn', MEMBER_MESSAGES.mobilePhoneRequired);
      return;
    }
    // The reply is { status: 'LOGIN', code } once the details are complete.
    const body = { credential: props.credential, title, mobilePhone: mobilePhone.trim() };
    await run(api.post<{ status: string; code?: string }>(MEMBER_SECURITY_PATHS.loginGoogle, body, { token: null }).then((r) => finishSignIn(r, props.basketId)));
  };

  return (
    <SubmitForm onSubmit={submit}>
      <EmailLine email={props.email} onBack={props.onBack} />
      <p className="co-muted">
        Welcome, {props.firstName} {props.lastName}. Please add your title and mobile phone to finish signing in with Google.
      </p>
      <TitleField id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
      <CoInput id={`${id}-mobile`} label="Mobile Phone" type="tel" inputMode="tel" autoComplete="tel" value={mobilePhone} onChange={(e) => setMobilePhone(e.target.value)} />
      <StepSubmit label="Continue" disabled={busy} />
    </SubmitForm>
  );
}
