import type { ReactNode } from 'react';
import { Dialog } from './dialog';

/**
 * A yes/no question in the storefront's dialog (the favourite confirmations, removing an address): the
 * spec's question, the answer buttons, and Escape or the backdrop answering no.
 */
export function ConfirmDialog({
  title,
  question,
  yes,
  no = 'No',
  danger = false,
  busy = false,
  onYes,
  onNo,
  children,
}: {
  title: string;
  question: string;
  yes: string;
  no?: string;
  danger?: boolean;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog
      title={title}
      onClose={onNo}
      className="sf-confirm"
      footer={
        <>
          <button type="button" className="sf-button sf-button-ghost" onClick={onNo}>
            {no}
          </button>
          <button type="button" className={danger ? 'sf-button sf-button-danger' : 'sf-button sf-button-primary'} onClick={onYes} disabled={busy}>
            {yes}
          </button>
        </>
      }
    >
      <p>{question}</p>
      {children}
    </Dialog>
  );
}
