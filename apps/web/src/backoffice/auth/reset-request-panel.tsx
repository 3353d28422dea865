import { Button } from 'primereact/button';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { authPaths } from '../../shared/session';
import { TextField } from '../../shared/ui/field-frame';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { useZodForm } from '../../shared/ui/use-zod-form';

// Loaded at the first submit: the sign-in page shows before zod's code arrives (use-zod-form.ts).
const schema = () => import('@tillpoint/contracts/auth').then((m) => m.resetInitSchema);

/** Reset panel, request mode: an e-mail address receives a link to choose a new password. */
export function ResetRequestPanel({ onDone }: { onDone: () => void }) {
  const form = useZodForm(schema, { email: '', url: undefined }, { invalid: 'inline' });
  const [busy, run] = useBusy();
  const errors = form.formState.errors;

  const send = () =>
    form.submit(async ({ email }) => {
      // The mailed link comes back to this very page (without any hash route).
      const url = window.location.href.split('#')[0];
      const result = await run(api.post(authPaths.resetInit, { email, url }, { token: null }));
      if (notify(result)) onDone();
    });

  return (
    <SubmitForm
      className="signin-form"
      aria-labelledby="reset-request-title"
      onSubmit={() => !busy && send()}
    >
      <h1 id="reset-request-title">Forgot Password</h1>
      <p className="signin-hint">Enter the e-mail address of your user. We will send you a link to choose a new password.</p>
      <TextField control={form.control} name="email" label="Email" type="email" autoComplete="email" error={errors.email?.message} />
      <Button type="submit" label="Send" icon="pi pi-envelope" className="w-full" loading={busy} />
      <Button type="button" label="Back" link className="w-full" onClick={onDone} />
    </SubmitForm>
  );
}
