import { Button } from 'primereact/button';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { authPaths } from '../../shared/session';
import { TextField } from '../../shared/ui/field-frame';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { useZodForm } from '../../shared/ui/use-zod-form';

// Loaded at the first submit: the sign-in page shows before zod's code arrives (use-zod-form.ts).
const schema = () => import('@tillpoint/contracts/auth').then((m) => m.resetFinishFormSchema);

export type MailedKey = { key: string; activation: boolean };

/**
 * Reset panel, finish mode: opened from a mailed link carrying passwordChangeKey or
 * activationKey. The title keeps the spec's spelling, 'User Activiation'.
 */
export function ResetFinishPanel({ mailed, onDone }: { mailed: MailedKey; onDone: () => void }) {
  const form = useZodForm(schema, { newPassword: '', passwordAgain: '' }, { invalid: 'inline' });
  const [busy, run] = useBusy();
  const errors = form.formState.errors;
  const title = mailed.activation ? 'User Activiation' : 'Reset Password';

  const save = () =>
    form.submit(async ({ newPassword }) => {
      const result = await run(api.post(authPaths.resetFinish, { key: mailed.key, newPassword }, { token: null }));
      if (notify(result)) onDone();
    });

  return (
    <SubmitForm
      className="signin-form"
      aria-labelledby="reset-finish-title"
      onSubmit={() => !busy && save()}
    >
      <h1 id="reset-finish-title">{title}</h1>
      <TextField control={form.control} name="newPassword" label="New Password" type="password" autoComplete="new-password" error={errors.newPassword?.message} />
      <TextField control={form.control} name="passwordAgain" label="Password Again" type="password" autoComplete="new-password" error={errors.passwordAgain?.message} />
      <Button type="submit" label="Save" icon="pi pi-check" className="w-full" loading={busy} />
      <Button type="button" label="Back" link className="w-full" onClick={onDone} />
    </SubmitForm>
  );
}
