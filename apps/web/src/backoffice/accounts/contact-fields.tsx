import type { Control } from 'react-hook-form';
import { type Contact, type ContactForm, MOBILE_MASK } from '@tillpoint/contracts/merchant-account';
import { MaskField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import type { Draft } from '../../shared/ui/use-zod-form';

export type ContactControl = Control<Draft<ContactForm>, unknown, Contact>;

export const EMPTY_CONTACT: Draft<ContactForm> = { firstName: '', lastName: '', mobilePhone: null, emailAddress: '' };

export const contactOf = (r: { firstName: string | null; lastName: string | null; mobilePhone: string | null; emailAddress: string | null }): Draft<ContactForm> => ({
  firstName: r.firstName ?? '',
  lastName: r.lastName ?? '',
  mobilePhone: r.mobilePhone,
  emailAddress: r.emailAddress ?? '',
});

/** The contact of an account or a branch (spec 1 §5): all four required, the mobile masked. */
export function ContactFields({ control }: { control: ContactControl }) {
  return (
    <div className="field-grid">
      <TextField control={control} name="firstName" label="First Name" required autoComplete="given-name" />
      <TextField control={control} name="lastName" label="Last Name" required autoComplete="family-name" />
      <TextField control={control} name="emailAddress" label="Email" type="email" required autoComplete="email" />
      <MaskField control={control} name="mobilePhone" label="Mobile Phone" mask={MOBILE_MASK} required autoComplete="tel-national" />
    </div>
  );
}
