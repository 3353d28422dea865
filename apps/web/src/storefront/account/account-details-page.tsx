import { type ComponentProps, useId, useState } from 'react';
import type { MemberProfile } from '@tillpoint/contracts/member';
import { MEMBER_PATHS } from '@tillpoint/contracts/member-paths';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { ConfirmDialog } from '../confirm-dialog';
import { navigate } from '../router';
import { CoInput, TitleField } from '../co-field';
import { toast } from '../toast';
import { type ProfileForm, passwordChangeProblem, profileProblem, toIsoDate, toShownDate } from './member-rules';
import { MemberDataLoading, useMemberData } from './member-data';
import { clearMemberSession, updateMemberNames } from './member-session';
import { PasswordStrength } from './password-strength';
import { SectionButtons } from './section-buttons';
import '../checkout/checkout.css';
import './account.css';

const formOf = (p: MemberProfile): ProfileForm => ({
  title: p.title,
  firstName: p.firstName,
  lastName: p.lastName,
  mobilePhone: p.mobilePhone ?? '',
  birthDay: toShownDate(p.birthDay),
});

/**
 * My Profile (`/accountDetails`, spec 3 §2.2): the profile and the password, each with its own view and
 * edit mode; Cancel puts back the saved copy (spec 3 §4.9); and deleting the account (issue 11).
 */
export function AccountDetailsPage() {
  const { data: profile, set: setProfile, failed } = useMemberData(() => api.get<MemberProfile>(MEMBER_PATHS.current));

  return (
    <div className="co-page ac-page">
      <h1 className="co-title">Account Details</h1>
      {!profile ? (
        <MemberDataLoading failed={failed} what="Your profile" />
      ) : (
        <>
          <ProfileSection profile={profile} onSaved={setProfile} />
          <PasswordSection />
          <DeleteAccountSection />
        </>
      )}
    </div>
  );
}

function ProfileSection({ profile, onSaved }: { profile: MemberProfile; onSaved: (p: MemberProfile) => void }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<ProfileForm>(() => formOf(profile));
  const [busy, run] = useBusy();
  const set = (key: keyof ProfileForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const cancel = () => {
    setForm(formOf(profile));
    setEditing(false);
  };

  const save = async () => {
    const problem = profileProblem(form);
    if (problem) {
      toast('warn', problem);
      return;
    }
    const r = await run(
      api.put<MemberProfile>(MEMBER_PATHS.update, {
        title: form.title,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        mobilePhone: form.mobilePhone.trim() || null,
        birthDay: form.birthDay.trim() ? toIsoDate(form.birthDay) : null,
      }),
    );
    // A refusal keeps the form as typed, still in edit mode.
    if (!notify(r) || !r.ok) return;
    onSaved(r.body);
    setForm(formOf(r.body));
    updateMemberNames(r.body.firstName, r.body.lastName);
    setEditing(false);
  };

  const input = (key: keyof ProfileForm, label: string, props: ComponentProps<'input'> = {}) => (
    <CoInput id={`${id}-${key}`} label={label} value={form[key]} onChange={set(key)} disabled={!editing} {...props} />
  );

  return (
    <section className="co-card-box ac-section" aria-labelledby={`${id}-h`}>
      <SubmitForm className="ac-form" onSubmit={save}>
        <div className="ac-section-head">
          <h2 id={`${id}-h`}>My Profile</h2>
          <SectionButtons editing={editing} busy={busy} onEdit={() => setEditing(true)} onCancel={cancel} />
        </div>
        <div className="co-field">
          <label htmlFor={`${id}-mail`}>Mail</label>
          <input id={`${id}-mail`} value={profile.email} readOnly disabled />
        </div>
        <TitleField id={`${id}-title`} className="ac-title-field" value={form.title} onChange={set('title')} disabled={!editing} />
        <div className="co-row">
          {input('firstName', 'First Name', { autoComplete: 'given-name' })}
          {input('lastName', 'Last Name', { autoComplete: 'family-name' })}
        </div>
        <div className="co-row">
          {input('mobilePhone', 'Mobile Phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' })}
          {input('birthDay', 'Date of Birth', { placeholder: 'DD/MM/YYYY', inputMode: 'numeric', maxLength: 10, autoComplete: 'bday' })}
        </div>
      </SubmitForm>
    </section>
  );
}

function PasswordSection() {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, run] = useBusy();

  const cancel = () => {
    setPassword('');
    setConfirm('');
    setEditing(false);
  };

  const save = async () => {
    const problem = passwordChangeProblem(password, confirm);
    if (problem) {
      toast('warn', problem);
      return;
    }
    if (notify(await run(api.put(MEMBER_PATHS.passwordChange, { password, passwordConfirm: confirm })))) cancel();
  };

  return (
    <section className="co-card-box ac-section" aria-labelledby={`${id}-h`}>
      <SubmitForm onSubmit={save}>
        <div className="ac-section-head">
          <h2 id={`${id}-h`}>Password</h2>
          <SectionButtons editing={editing} busy={busy} onEdit={() => setEditing(true)} onCancel={cancel} />
        </div>
        {editing ? (
          <>
            <p className="co-muted">At least 8 characters, with a number, a lowercase and an uppercase letter. Your other sessions will be signed out.</p>
            <CoInput id={`${id}-new`} label="New Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
            <PasswordStrength password={password} />
            <CoInput id={`${id}-confirm`} label="Confirm Password" type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" />
          </>
        ) : (
          <p className="ac-password-dots">
            <span aria-hidden="true">••••••••</span>
            <span className="sf-sr-only">Your password is set and hidden.</span>
          </p>
        )}
      </SubmitForm>
    </section>
  );
}

/** What deleting the account erases, named in the confirmation (issue 11 'Privacy and security'). */
const ERASED = ['your profile and password', 'your delivery and billing addresses', 'your saved cards', 'your saved notes and allergies', 'your favourite stores', 'your complaints and suggestions'];

/**
 * Delete my account: after a confirmation naming what goes, the server erases the member's personal
 * data and signs every session out; the orders stay with the stores without the member's name.
 */
function DeleteAccountSection() {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useBusy();

  const remove = async () => {
    const r = await run(api.del(MEMBER_PATHS.remove));
    // A refusal (an order still in progress) keeps the account and says why.
    if (!notify(r) || !r.ok) return;
    setConfirming(false);
    clearMemberSession();
    navigate('/', { replace: true });
  };

  return (
    <section className="co-card-box ac-section ac-delete" aria-labelledby={`${id}-h`}>
      <div className="ac-section-head">
        <h2 id={`${id}-h`}>Delete Account</h2>
      </div>
      <p className="co-muted">Your personal data is erased and you are signed out. The stores keep your orders for their books, without your name and contact details.</p>
      <button type="button" className="co-button co-button-danger" onClick={() => setConfirming(true)}>
        Delete my account
      </button>
      {confirming && (
        <ConfirmDialog
          title="Delete Account"
          question="Do you want to delete your account? This cannot be undone. These will be deleted:"
          yes="Yes, delete my account"
          danger
          busy={busy}
          onYes={() => void remove()}
          onNo={() => setConfirming(false)}
        >
          <ul className="ac-delete-list">
            {ERASED.map((what) => (
              <li key={what}>{what}</li>
            ))}
          </ul>
          <p className="co-muted">Your orders stay with the stores without your name, e-mail, phone or address.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
