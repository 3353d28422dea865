import { useEffect, useId, useState } from 'react';
import type { MarketplaceBranch } from '@tillpoint/contracts/marketplace';
import { MARKETPLACE_PATHS } from '@tillpoint/contracts/marketplace-paths';
import { MEMBER_DATA_PATHS } from '@tillpoint/contracts/member-data-paths';
import { FEEDBACK_DESCRIPTION_MAX, FEEDBACK_TYPES } from '@tillpoint/contracts/member-paths';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { SubmitForm } from '../../shared/ui/submit-form';
import { useBusy } from '../../shared/ui/use-busy';
import { readBranchId } from '../storefront-storage';
import { toast } from '../toast';
import { feedbackProblem } from './member-rules';
import '../checkout/checkout.css';
import './account.css';

type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/**
 * Complaint / Suggestion (`/complaintSuggestion`, spec 3 §2.2): a type (Technical, the default, or
 * Other) and a description of up to 200 characters, sent with Send to a store: the one chosen last,
 * or another the member picks. The server keeps it and mails the store.
 */
export function ComplaintSuggestionPage() {
  const id = useId();
  const [stores, setStores] = useState<MarketplaceBranch[] | null>(null);
  const [branchId, setBranchId] = useState<number | null>(readBranchId);
  const [feedbackType, setFeedbackType] = useState<FeedbackType>('Technical');
  const [description, setDescription] = useState('');
  const [busy, run] = useBusy();

  useEffect(() => {
    document.title = 'Complaint / Suggestion · Tillpoint';
    void api.get<MarketplaceBranch[]>(MARKETPLACE_PATHS.list).then((r) => {
      if (r.ok) setStores([...r.body].sort((a, b) => Number(b.favorite) - Number(a.favorite) || a.tradingName.localeCompare(b.tradingName)));
      else {
        setStores([]);
        notify(r, { suppressSuccess: true });
      }
    });
  }, []);

  const send = async () => {
    const problem = branchId === null ? MESSAGES.requiredFields : feedbackProblem(description);
    if (problem) {
      toast('warn', problem);
      return;
    }
    const r = await run(api.post(MEMBER_DATA_PATHS.feedback, { merchantBranchId: branchId, feedbackType, description: description.trim() }));
    // The server's notice is the spec's success toast; a refusal keeps the text as typed.
    if (!notify(r)) return;
    setDescription('');
    setFeedbackType('Technical');
  };

  // The store chosen last may not be listed (a web-menu-only store is, a closed account is not): keep it choosable.
  const known = stores?.some((s) => s.id === branchId) ?? false;
  return (
    <div className="co-page ac-page">
      <h1 className="co-title">Complaint / Suggestion</h1>
      <p className="co-subtitle">Tell a store what went wrong, or what would make it better. The store receives your message by e-mail.</p>
      <section className="co-card-box ac-section">
        <SubmitForm onSubmit={send}>
          <div className="co-field">
            <label htmlFor={`${id}-store`}>Store</label>
            <select id={`${id}-store`} value={branchId ?? ''} onChange={(e) => setBranchId(e.target.value ? Number(e.target.value) : null)} disabled={stores === null}>
              <option value="">{stores === null ? 'Loading stores…' : 'Choose a store'}</option>
              {branchId !== null && stores !== null && !known && <option value={branchId}>The store you visited last</option>}
              {stores?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.tradingName}
                  {s.favorite ? ' ★' : ''}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="co-field ac-type">
            <legend>Type</legend>
            <div className="co-segmented">
              {FEEDBACK_TYPES.map((t) => (
                <label key={t} className={feedbackType === t ? 'co-seg co-seg-on ac-seg-label' : 'co-seg ac-seg-label'}>
                  <input type="radio" name={`${id}-type`} value={t} checked={feedbackType === t} onChange={() => setFeedbackType(t)} className="ac-seg-radio" />
                  {t}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="co-field">
            <label htmlFor={`${id}-desc`}>Description</label>
            <textarea
              id={`${id}-desc`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={FEEDBACK_DESCRIPTION_MAX}
              rows={5}
              placeholder="What happened, and when?"
            />
            <span className="co-counter">
              {description.length}/{FEEDBACK_DESCRIPTION_MAX}
            </span>
          </div>
          <button type="submit" className="co-button co-button-primary ac-send" disabled={busy}>
            {busy ? 'Sending…' : 'Send'}
          </button>
        </SubmitForm>
      </section>
    </div>
  );
}
