import { useId, useState } from 'react';
import { ADDRESS_MESSAGES, ADDRESS_PATHS, POSTCODE_LOOKUP_MIN } from '@tillpoint/contracts/address-paths';
import type { AddressLookupResult } from '@tillpoint/contracts/address-lookup';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { useBusy } from '../../shared/ui/use-busy';
import { toast } from '../toast';
import { type CheckoutAddress, FIELD_MAX } from './checkout-rules';

type Props = {
  /** The store whose look-up credits pay for Lookup; without one the address is typed. */
  branchId: number | null;
  value: CheckoutAddress;
  onChange: (next: CheckoutAddress) => void;
  /** Called with the postcode of an address picked from the lookup (the page checks it is served). */
  onPicked?: (postCode: string) => void;
  /** Names the fields apart when two addresses are on the page ('Billing'). */
  prefix?: string;
  /** View mode (the address book's saved address): the fields read-only, no Lookup. */
  disabled?: boolean;
};

/**
 * A delivery or billing address (spec 3 §3 member address): a post code with Lookup (at least 6
 * characters, spec 3 §5.2; none found: the info toast 'No Available Address'), the addresses found to
 * pick from, which fill the form, and the fields to type or correct. Shared by the checkout and the
 * member's address book (account/address-book-page.tsx).
 */
export function AddressFields({ branchId, value, onChange, onPicked, prefix = '', disabled = false }: Props) {
  const id = useId();
  const [found, setFound] = useState<AddressLookupResult[]>([]);
  const [busy, run] = useBusy();
  const set = (field: keyof CheckoutAddress) => (e: { target: { value: string } }) => onChange({ ...value, [field]: e.target.value });

  const lookup = async () => {
    const postcode = value.postCode.trim();
    if (branchId === null) return;
    if (postcode.length < POSTCODE_LOOKUP_MIN) {
      setFound([]);
      toast('info', ADDRESS_MESSAGES.tooShort);
      return;
    }
    const r = await run(api.get<AddressLookupResult[]>(ADDRESS_PATHS.lookup(branchId, postcode)));
    if (!r.ok) {
      setFound([]);
      notify(r, { suppressSuccess: true });
      return;
    }
    setFound(r.body);
  };

  const pick = (index: string) => {
    const a = found[Number(index)];
    if (!a) return;
    const [line1 = '', line2 = '', line3 = '', line4 = ''] = a.addressLines;
    onChange({ postCode: a.postCode, city: a.postTown, addressLine1: line1, addressLine2: line2, addressLine3: line3, addressLine4: line4 });
    setFound([]);
    onPicked?.(a.postCode);
  };

  const label = (text: string) => (prefix ? `${prefix} ${text}` : text);
  return (
    <div className="co-address">
      <div className="co-field">
        <label htmlFor={`${id}-pc`}>{label('Post Code')}</label>
        <div className="co-inline">
          <input
            id={`${id}-pc`}
            value={value.postCode}
            onChange={set('postCode')}
            disabled={disabled}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && branchId !== null) {
                e.preventDefault();
                void lookup();
              }
            }}
            maxLength={FIELD_MAX.postCode}
            autoComplete={prefix ? 'billing postal-code' : 'shipping postal-code'}
            autoCapitalize="characters"
          />
          {branchId !== null && !disabled && (
            <button type="button" className="co-button co-button-secondary" onClick={() => void lookup()} disabled={busy}>
              {busy ? 'Looking…' : 'Lookup'}
            </button>
          )}
        </div>
      </div>
      {found.length > 0 && !disabled && (
        <div className="co-field">
          <label htmlFor={`${id}-found`}>{label('Choose your address')}</label>
          <select id={`${id}-found`} defaultValue="" onChange={(e) => pick(e.target.value)}>
            <option value="" disabled>
              {found.length} {found.length === 1 ? 'address' : 'addresses'} found
            </option>
            {found.map((a, i) => (
              <option key={a.displayString} value={i}>
                {a.displayString}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="co-field">
        <label htmlFor={`${id}-l1`}>{label('Address Line 1')}</label>
        <input id={`${id}-l1`} value={value.addressLine1} onChange={set('addressLine1')} disabled={disabled} maxLength={FIELD_MAX.addressLine1} autoComplete={prefix ? 'billing address-line1' : 'shipping address-line1'} />
      </div>
      <div className="co-field">
        <label htmlFor={`${id}-l2`}>{label('Address Line 2')}</label>
        <input id={`${id}-l2`} value={value.addressLine2} onChange={set('addressLine2')} disabled={disabled} maxLength={FIELD_MAX.addressLine} autoComplete={prefix ? 'billing address-line2' : 'shipping address-line2'} />
      </div>
      {(value.addressLine3 || value.addressLine4) && (
        <>
          <div className="co-field">
            <label htmlFor={`${id}-l3`}>{label('Address Line 3')}</label>
            <input id={`${id}-l3`} value={value.addressLine3} onChange={set('addressLine3')} disabled={disabled} maxLength={FIELD_MAX.addressLine} />
          </div>
          <div className="co-field">
            <label htmlFor={`${id}-l4`}>{label('Address Line 4')}</label>
            <input id={`${id}-l4`} value={value.addressLine4} onChange={set('addressLine4')} disabled={disabled} maxLength={FIELD_MAX.addressLine} />
          </div>
        </>
      )}
      <div className="co-field">
        <label htmlFor={`${id}-city`}>{label('City')}</label>
        <input id={`${id}-city`} value={value.city} onChange={set('city')} disabled={disabled} maxLength={FIELD_MAX.addressLine} autoComplete={prefix ? 'billing address-level2' : 'shipping address-level2'} />
      </div>
    </div>
  );
}
