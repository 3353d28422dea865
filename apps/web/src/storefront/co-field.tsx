import type { ComponentProps } from 'react';
import { MEMBER_TITLES } from '@tillpoint/contracts/member-paths';

/** A labelled storefront input (`co-field`): 255 characters at most unless `maxLength` says otherwise. */
export function CoInput({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <div className="co-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} maxLength={255} {...input} />
    </div>
  );
}

/** A member's Title (Mr, Mrs, …): registering, signing up with Google and the account details. */
export function TitleField({ id, value, onChange, disabled, className = '' }: { id: string; value: string; onChange: (e: { target: { value: string } }) => void; disabled?: boolean; className?: string }) {
  return (
    <div className={`co-field ${className}`.trim()}>
      <label htmlFor={id}>Title</label>
      <select id={id} value={value} onChange={onChange} disabled={disabled}>
        {MEMBER_TITLES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
    </div>
  );
}
