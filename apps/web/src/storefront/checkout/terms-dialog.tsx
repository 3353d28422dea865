import { Dialog } from '../dialog';
import { REFUND_POLICY } from '../refund-policy';

/** The checkout's terms and conditions (spec 3 §2.2): the store's refund policy. */
export function TermsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      title="Terms and Conditions"
      onClose={onClose}
      footer={
        <button type="button" className="co-button co-button-primary co-dialog-close" onClick={onClose}>
          Close
        </button>
      }
    >
      <h3 className="co-terms-heading">Return/Refund Policy</h3>
      <ul className="sf-policy">
        {REFUND_POLICY.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Dialog>
  );
}
