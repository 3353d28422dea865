import { useEffect, useState } from 'react';
import { REGISTER_RESEND_SECONDS } from '@tillpoint/contracts/member-paths';

/** The e-mail the steps after 'new' are about, with a way back to change it. */
export function EmailLine({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <p className="ac-email-line">
      <span className="ac-email">{email}</span>
      <button type="button" className="co-link" onClick={onBack}>
        Change
      </button>
    </p>
  );
}

/** Seconds left before 'Send Verify Code Again' shows (spec 3 §4.9: 60). */
export function useCountdown(): [number, (seconds?: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, (seconds = REGISTER_RESEND_SECONDS) => setLeft(seconds)];
}

/** A login step's submit button (Continue, Login, Register), disabled while its call is under way. */
export function StepSubmit({ label, disabled }: { label: string; disabled: boolean }) {
  return (
    <div className="co-actions">
      <button type="submit" className="co-button co-button-primary" disabled={disabled}>
        {label}
      </button>
    </div>
  );
}
