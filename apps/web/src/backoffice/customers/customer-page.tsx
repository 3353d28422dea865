import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import type { MemberAddress } from '@tillpoint/contracts/member';
import { CUSTOMER_PATHS, type Customer } from '@tillpoint/contracts/member-data';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { goBack, parseHash, useHash } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { getOrThrow } from '../../shared/query-client';
import { FieldFrame } from '../../shared/ui/field-frame';
import { PageLoading } from '../page-loading';
import './customers.css';

/** A read-only field in the form's frame: the label points at it, so it reads as 'Label: value'. */
function Shown({ label, value }: { label: string; value: string | null | undefined }) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label}>
      <InputText id={id} value={value ?? ''} readOnly className="customer-shown" />
    </FieldFrame>
  );
}

/** YYYY-MM-DD as the back office shows dates (DD/MM/YYYY, spec 3 §9). */
const showDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');
const addressLabel = (a: MemberAddress) => `${a.description ? `${a.description}: ` : ''}${a.addressLine1}, ${a.postCode}${a.defaultAddress ? ' (Default Address)' : ''}`;

/**
 * #customerSave?{id} (spec 2 'Customers'): the customer's read-only Profile section, and the
 * Addresses selector with the chosen address's detail. The server answers only for the merchant's
 * own customers.
 */
export default function CustomerPage() {
  const can = usePrivileges(OBJECTS.customer);
  const id = Number(parseHash(useHash()).params[0]);
  const valid = Number.isInteger(id) && id > 0;
  const customer = useQuery({ queryKey: ['customers', 'detail', id], queryFn: () => getOrThrow<Customer>(CUSTOMER_PATHS.byId(id)), enabled: can.view && valid });
  const addresses = useQuery({
    queryKey: ['customers', 'addresses', id],
    queryFn: () => getOrThrow<MemberAddress[]>(CUSTOMER_PATHS.addressesOf(id)),
    enabled: can.view && valid,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    // The default address first (the server lists it first).
    if (chosen === null && addresses.data?.length) setChosen(addresses.data[0].id);
  }, [addresses.data, chosen]);

  if (!can.view) return <p className="card">You have no privilege to view customers.</p>;
  if (!valid || customer.isError) return <p className="card">This customer could not be loaded.</p>;
  if (customer.isPending) return <PageLoading />;
  const c = customer.data;
  const address = addresses.data?.find((a) => a.id === chosen);
  return (
    <div className="customer-page">
      <section className="card" aria-labelledby="customer-profile">
        <div className="customer-head">
          <h2 id="customer-profile">Profile</h2>
          <Button type="button" label="Back" icon="pi pi-arrow-left" size="small" outlined onClick={goBack} />
        </div>
        <div className="customer-grid">
          <Shown label="E-mail" value={c.email} />
          <Shown label="Title" value={c.title} />
          <Shown label="First Name" value={c.firstName} />
          <Shown label="Last Name" value={c.lastName} />
          <Shown label="Mobile Phone" value={c.mobilePhone} />
          <Shown label="Date of Birth" value={showDate(c.birthDay)} />
        </div>
      </section>
      <section className="card" aria-labelledby="customer-addresses">
        <h2 id="customer-addresses">Addresses</h2>
        {addresses.isPending ? (
          <PageLoading />
        ) : !addresses.data?.length ? (
          <p className="muted">No saved addresses.</p>
        ) : (
          <>
            <FieldFrame id="customer-address" label="Address">
              <Dropdown
                inputId="customer-address"
                value={chosen}
                options={addresses.data.map((a) => ({ value: a.id, label: addressLabel(a) }))}
                onChange={(e) => setChosen(e.value as number)}
              />
            </FieldFrame>
            {address && (
              <div className="customer-grid">
                <Shown label="Description" value={address.description} />
                <Shown label="Post Code" value={address.postCode} />
                <Shown label="City" value={address.city} />
                <Shown label="Address Line 1" value={address.addressLine1} />
                <Shown label="Address Line 2" value={address.addressLine2} />
                <Shown label="Address Line 3" value={address.addressLine3} />
                <Shown label="Address Line 4" value={address.addressLine4} />
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
