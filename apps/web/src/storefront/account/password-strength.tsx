import { STRENGTH_LABELS, passwordStrength } from './member-rules';

/** The 5-level strength meter under a new password (spec 3 §5.5). */
export function PasswordStrength({ password }: { password: string }) {
  if (!password) return null;
  const level = passwordStrength(password);
  return (
    <div className={`ac-strength ac-strength-${level}`}>
      <meter className="sf-sr-only" min={0} max={4} value={level} aria-label="Password strength" />
      <div className="ac-strength-bars" aria-hidden="true">
        {STRENGTH_LABELS.map((label, i) => (
          <span key={label} className={i <= level ? 'ac-strength-on' : ''} />
        ))}
      </div>
      <span className="ac-strength-label">{STRENGTH_LABELS[level]}</span>
    </div>
  );
}
