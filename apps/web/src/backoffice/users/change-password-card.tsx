import { useId } from 'react';
import { Button } from 'primereact/button';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type MerchantUser, passwordChangeSchema } from '@tillpoint/contracts/merchant-user';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { TextField } from '../../shared/ui/field-frame';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { useZodForm } from '../../shared/ui/use-zod-form';

// The id travels from the selected user; the form holds only the new password.
const passwordFormSchema = passwordChangeSchema.pick({ password: true });

/**
 * Change Password (spec 1 §2, §5): an empty password is 'Please fill the password field!', a weak
 * one the strength message; a saved one ends the user's sessions on the server.
 */
export function ChangePasswordCard({ user, onDone, onSaved }: { user: MerchantUser; onDone: () => void; onSaved: (user: MerchantUser) => void }) {
  const headingId = useId();
  const formId = `${headingId}-form`;
  const form = useZodForm(passwordFormSchema, { password: '' });
  const [busy, run] = useBusy();
  const save = () =>
    form.submit(async ({ password }) => {
      const r = await run(api.put<MerchantUser>(PATHS.merchantUser.passwordChange, { id: user.id, password }));
      if (!notify(r) || !r.ok) return;
      onSaved(r.body);
      onDone();
    });
  return (
    <section className="card" aria-labelledby={headingId}>
      <header className="card-header">
        <h2 id={headingId}>Change Password</h2>
        <div className="toolbar">
          <Button type="submit" form={formId} label="Save" icon="pi pi-check" size="small" loading={busy} />
          <Button type="button" label="Cancel" icon="pi pi-times" size="small" outlined severity="secondary" onClick={onDone} />
        </div>
      </header>
      <SubmitForm id={formId} onSubmit={save}>
        <p className="muted users-hint">
          New password for <strong>{user.userName}</strong>: at least 8 characters with a digit, a lowercase and an uppercase letter.
        </p>
        <input type="text" name="username" value={user.userName} autoComplete="username" readOnly hidden />
        <TextField control={form.control} name="password" label="New Password" type="password" autoComplete="new-password" required />
      </SubmitForm>
    </section>
  );
}
