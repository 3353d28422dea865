import { useId, useState } from 'react';
import { MEMBER_SECURITY_PATHS } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { CoInput } from '../co-field';
import { Dialog } from '../dialog';
import { navigate } from '../router';
import { toast } from '../toast';
import { passwordProblem } from './member-rules';
import { PasswordStrength } from './password-strength';
import '../checkout/checkout.css';
import './account.css';

/**
 * The Change Password dialog the storefront opens when the address carries a password-change key
 * (spec 3 §2.2 'Shell'): the mailed reset link of a member. The reset dialog's mismatch words are
 * 'Passwords did not match!' (spec 3 §5.5).
 */
export function ChangePasswordDialog({ resetKey, onClose }: { resetKey: string; onClose: () => void }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, run] = useBusy();

  const save = async () => {
    const problem = passwordProblem(password) ?? (password === again ? null : MESSAGES.passwordsDidNotMatch);
    if (problem) {
      toast('warn', problem);
      return;
    }
    if (!notify(await run(api.post(MEMBER_SECURITY_PATHS.resetFinish, { key: resetKey, newPassword: password }, { token: null })))) return;
    onClose();
    navigate('/login', { replace: true });
  };

  return (
    <Dialog
      title="Change Password"
      className="ac-reset-dialog"
      onClose={onClose}
      footer={
        <button type="submit" form={`${id}-form`} className="co-button co-button-primary" disabled={busy}>
          Save
        </button>
      }
    >
      <SubmitForm id={`${id}-form`} className="ac-reset" onSubmit={save}>
        <CoInput id={`${id}-new`} label="New Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
        <PasswordStrength password={password} />
        <CoInput id={`${id}-again`} label="Password Again" type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password" />
      </SubmitForm>
    </Dialog>
  );
}
