import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { MemberAddress } from '@tillpoint/contracts/member';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import { MEMBER_MESSAGES } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { AddressFields } from '../checkout/address-fields';
import { emptyAddress } from '../checkout/checkout-rules';
import { toCheckoutAddress } from '../checkout/member-checkout';
import { ConfirmDialog } from '../confirm-dialog';
import { readBranchId } from '../storefront-storage';
import { toast } from '../toast';
import { type AddressForm, addressProblem } from './member-rules';
import { SectionButtons } from './section-buttons';
import '../checkout/checkout.css';
import './account.css';

type Kind = 'delivery' | 'billing';
const TABS: { kind: Kind; label: string; noun: string }[] = [
  { kind: 'delivery', label: 'Delivery Addresses', noun: 'delivery' },
  { kind: 'billing', label: 'Billing Addresses', noun: 'billing' },
];
const PATHS = { delivery: MEMBER_DATA_PATHS.address, billing: MEMBER_DATA_PATHS.billing };

const EMPTY: AddressForm = { description: '', ...emptyAddress() };
const formOf = (a: MemberAddress): AddressForm => ({ description: a.description ?? '', ...toCheckoutAddress(a) });
const oneLine = (a: MemberAddress) => [a.addressLine1, a.addressLine2, a.city, a.postCode].filter((p) => p?.trim()).join(', ');

/**
 * The address book (`/address`, spec 3 §2.2): Delivery Addresses and Billing Addresses, each a list with
 * Set as default, Remove and Add, and the chosen address's details with Edit, Save and Cancel (Cancel puts
 * back the saved copy, spec 3 §4.9). Post code Lookup is the checkout's, paid by the store chosen last.
 */
export function AddressBookPage() {
  const id = useId();
  const [kind, setKind] = useState<Kind>('delivery');

  useEffect(() => {
    document.title = 'Addresses · Tillpoint';
  }, []);

  return (
    <div className="co-page ac-page">
      <h1 className="co-title">Addresses</h1>
      <div className="co-segmented ac-tabs" role="tablist" aria-label="Address type">
        {TABS.map((t) => (
          <button
            key={t.kind}
            id={`${id}-${t.kind}`}
            type="button"
            role="tab"
            aria-selected={kind === t.kind}
            aria-controls={`${id}-panel`}
            className={kind === t.kind ? 'co-seg co-seg-on' : 'co-seg'}
            onClick={() => setKind(t.kind)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${kind}`}>
        {/* Each tab keeps nothing of the other: a new key starts it afresh. */}
        <AddressTab key={kind} kind={kind} />
      </div>
    </div>
  );
}

type Mode = 'view' | 'edit' | 'new';

function AddressTab({ kind }: { kind: Kind }) {
  const id = useId();
  const paths = PATHS[kind];
  const noun = TABS.find((t) => t.kind === kind)?.noun ?? '';
  const branchId = useMemo(readBranchId, []);
  const [list, setList] = useState<MemberAddress[] | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [form, setForm] = useState<AddressForm>(EMPTY);
  const [busy, run] = useBusy();
  const [confirming, setConfirming] = useState(false);
  const selected = list?.find((a) => a.id === selectedId) ?? null;

  const load = useCallback(
    async (select?: number | null) => {
      const r = await api.get<MemberAddress[]>(paths.all);
      if (!r.ok) {
        notify(r, { suppressSuccess: true });
        setList((l) => l ?? []);
        return;
      }
      setList(r.body);
      // The one asked for, else the one chosen before if it is still there, else the default.
      setSelectedId((current) => {
        const want = select === undefined ? current : select;
        if (want !== null && r.body.some((a) => a.id === want)) return want;
        return r.body.find((a) => a.defaultAddress)?.id ?? r.body[0]?.id ?? null;
      });
    },
    [paths.all],
  );

  useEffect(() => {
    void load();
  }, [load]);

  // The details follow the chosen address while nothing is being edited.
  useEffect(() => {
    if (mode === 'view') setForm(selected ? formOf(selected) : EMPTY);
  }, [selected, mode]);

  const add = () => {
    setForm(EMPTY);
    setMode('new');
  };

  const cancel = () => {
    setForm(selected ? formOf(selected) : EMPTY);
    setMode('view');
  };

  const save = async () => {
    const problem = addressProblem(form);
    if (problem) {
      toast('warn', problem);
      return;
    }
    const body = {
      description: form.description.trim() || null,
      postCode: form.postCode.trim(),
      city: form.city.trim(),
      addressLine1: form.addressLine1.trim(),
      addressLine2: form.addressLine2.trim() || null,
      addressLine3: form.addressLine3.trim() || null,
      addressLine4: form.addressLine4.trim() || null,
    };
    const r = await run(
      mode === 'new' || !selected
        ? api.post<MemberAddress>(paths.create, { ...body, defaultAddress: false })
        : api.put<MemberAddress>(paths.update, { ...body, id: selected.id, defaultAddress: selected.defaultAddress }),
    );
    // A refusal keeps the form as typed, still in edit mode.
    if (!notify(r) || !r.ok) return;
    setMode('view');
    await load(r.body.id);
  };

  const setDefault = async () => {
    if (!selected) {
      toast('warn', MEMBER_MESSAGES.selectAddress);
      return;
    }
    if (selected.defaultAddress) {
      toast('info', 'This is already your default address.');
      return;
    }
    if (notify(await run(api.put<MemberAddress>(paths.setDefault(selected.id))))) await load(selected.id);
  };

  const askRemove = () => {
    if (!selected) {
      toast('warn', MEMBER_MESSAGES.selectAddress);
      return;
    }
    setConfirming(true);
  };

  const remove = async () => {
    if (!selected) return;
    const r = await run(api.del(paths.remove(selected.id)));
    setConfirming(false);
    if (notify(r)) await load(null);
  };

  const editing = mode !== 'view';
  return (
    <>
      <section className="co-card-box ac-section" aria-labelledby={`${id}-list-h`}>
        <div className="ac-section-head">
          <h2 id={`${id}-list-h`}>Saved {noun} addresses</h2>
          <button type="button" className="co-button co-button-secondary ac-small" onClick={add} disabled={editing}>
            Add
          </button>
        </div>
        {list === null ? (
          <div className="ac-list-loading" aria-busy="true">
            Loading…
          </div>
        ) : list.length === 0 ? (
          <p className="co-muted ac-empty">You have no saved {noun} addresses yet. Add one and it is ready at checkout.</p>
        ) : (
          <fieldset className="ac-choices" disabled={editing}>
            <legend className="sf-sr-only">Choose an address</legend>
            {list.map((a) => (
              <label key={a.id} className={a.id === selectedId ? 'ac-choice ac-choice-on' : 'ac-choice'}>
                <input type="radio" name={`${id}-address`} checked={a.id === selectedId} onChange={() => setSelectedId(a.id)} />
                <span className="ac-choice-text">
                  <span className="ac-choice-title">
                    {a.description || a.addressLine1}
                    {a.defaultAddress && <span className="ac-badge">Default</span>}
                  </span>
                  <span className="ac-choice-sub">{oneLine(a)}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {list !== null && (
          <div className="ac-list-actions">
            <button type="button" className="co-button co-button-secondary ac-small" onClick={() => void setDefault()} disabled={editing || busy}>
              Set as default
            </button>
            <button type="button" className="co-button co-button-danger ac-small" onClick={askRemove} disabled={editing || busy}>
              Remove
            </button>
          </div>
        )}
      </section>

      {(selected || mode === 'new') && (
        <section className="co-card-box ac-section" aria-labelledby={`${id}-detail-h`}>
          <SubmitForm onSubmit={save}>
            <div className="ac-section-head">
              <h2 id={`${id}-detail-h`}>{mode === 'new' ? `New ${noun} address` : 'Address details'}</h2>
              <SectionButtons editing={editing} busy={busy} onEdit={() => setMode('edit')} onCancel={cancel} />
            </div>
            <div className="co-field">
              <label htmlFor={`${id}-desc`}>Description</label>
              <input
                id={`${id}-desc`}
                value={form.description}
                onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
                disabled={!editing}
                maxLength={255}
                placeholder={editing ? 'Home, Work…' : undefined}
              />
            </div>
            <AddressFields
              branchId={branchId}
              value={form}
              onChange={(next) => setForm((f) => ({ ...f, ...next }))}
              prefix={kind === 'billing' ? 'Billing' : ''}
              disabled={!editing}
            />
            {editing && branchId === null && <p className="co-muted ac-hint">Open a store first to look up addresses by post code, or type the address.</p>}
          </SubmitForm>
        </section>
      )}

      {confirming && selected && (
        <ConfirmDialog title="Remove address" question={MESSAGES.confirmDelete} yes="Yes, remove" danger busy={busy} onYes={() => void remove()} onNo={() => setConfirming(false)}>
          <p className="co-muted">{oneLine(selected)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
