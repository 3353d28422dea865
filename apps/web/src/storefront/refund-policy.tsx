import { Dialog } from './dialog';

/** The refund policy (spec 3 §2.2 'Refund policy text'), shown from the footer of a real store. */
export const REFUND_POLICY = [
  'You can cancel your order for a full refund within 3 days of placing it.',
  'Damaged, defective or wrong items must be reported within 3 days of receipt.',
  'We do not give refunds for a change of mind.',
  'Shipping fees are not refundable unless the store made an error.',
  'Approved refunds are processed within 3 business days to the original payment method.',
  'Please send refund requests to the store’s support with your order number and photos of the items.',
] as const;

export function RefundPolicyDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title="Return/Refund Policy" onClose={onClose}>
      <ul className="sf-policy">
        {REFUND_POLICY.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Dialog>
  );
}
