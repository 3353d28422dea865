import { useId, useState } from 'react';
import { MEMBER_MESSAGES, MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { api } from '../../shared/api';
import { notifyMember } from '../account/member-notify';
import { isEmpty } from '../account/member-rules';
import { CoInput, TitleField } from '../co-field';
import { toast } from '../toast';
import { finishLogin } from './finish-login';
import { EmailLine } from './login-parts';

/**
 * registerGoogle (spec 3 §4.9): Google's profile has no mobile phone or title, so the member gives them;
 * the same ID token goes back with them ('Please enter  Mobile Phone!' without a phone).
 */
export function RegisterGoogleForm(props: { credential: string; email: string; firstName: string; lastName: string; basketId: string; onBack: () => void }) {
  const id = useId();
  const [title, setTitle] = useState<string>('MR');
  const [mobilePhone, setMobilePhone] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (isEmpty(mobilePhone)) {
      toast('warn', MEMBER_MESSAGES.mobilePhoneRequired);
      return;
    }
    setBusy(true);
    try {
      const r = await api.post<{ status: string; code?: string }>(
        MEMBER_SECURITY_PATHS.loginGoogle,
        { credential: props.credential, title, mobilePhone: mobilePhone.trim() },
        { token: null },
      );
      if (r.ok && r.body.status === 'LOGIN' && r.body.code) await finishLogin(r.body.code, props.basketId);
      else notifyMember(r, { suppressSuccess: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <EmailLine email={props.email} onBack={props.onBack} />
      <p className="co-muted">
        Welcome, {props.firstName} {props.lastName}. Please add your title and mobile phone to finish signing in with Google.
      </p>
      <TitleField id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
      <CoInput id={`${id}-mobile`} label="Mobile Phone" type="tel" inputMode="tel" autoComplete="tel" value={mobilePhone} onChange={(e) => setMobilePhone(e.target.value)} />
      <div className="co-actions">
        <button type="submit" className="co-button co-button-primary" disabled={busy}>
          Continue
        </button>
      </div>
    </form>
  );
}
