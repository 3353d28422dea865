import { confirmDialog } from 'primereact/confirmdialog';

/**
 * The spec's confirmations are all titled Warning; resolves true on Yes. The root of the app
 * mounts the one <ConfirmDialog /> that shows them.
 */
export function confirmWarning(message: string): Promise<boolean> {
  return new Promise((resolve) => {
    confirmDialog({
      header: 'Warning',
      message,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      defaultFocus: 'reject',
      // A question that must be answered before going on: an alert dialog to assistive technology.
      pt: { root: { role: 'alertdialog' } },
      accept: () => resolve(true),
      reject: () => resolve(false),
      onHide: () => resolve(false),
    });
  });
}
