import { ConfirmDialog } from 'primereact/confirmdialog';

/**
 * The one dialog that shows the confirmations (shared/ui/confirm.ts). Only signed-in screens ask
 * them, so it is a chunk of its own, mounted with the shell and not loaded by the sign-in page.
 */
export default function Confirmations() {
  return <ConfirmDialog />;
}
