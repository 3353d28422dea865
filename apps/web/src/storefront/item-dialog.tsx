import { useState } from 'react';
import { EXTRA_NOTES_MAX } from '@tillpoint/contracts/basket-paths';
import { OPTION_GROUP_LABELS } from '@tillpoint/contracts/web-menu-paths';
import type { ChosenOption } from '@tillpoint/contracts/basket';
import type { MemberMenuItem, MenuOptionGroup, SetMenuItemDetails } from '@tillpoint/contracts/web-menu';
import { formatMoney } from '../shared/format';
import { useBusy } from '../shared/ui/use-busy';
import { Dialog } from './dialog';

/**
 * The item-detail dialog (spec 3 §2.2): photo, name, subtitle, description, price, quantity (weighed
 * items by 0.1 kg), extra notes (set menus, up to 50) and the option groups. The price here is a
 * preview by the rule of spec 3 §4.6; the basket the server returns is the truth.
 */
type Chosen = Partial<Record<MenuOptionGroup['key'], number[]>>;

const initialChoice = (groups: MenuOptionGroup[]): Chosen =>
  Object.fromEntries(groups.map((g) => [g.key, g.products.filter((p) => p.selectedValue).map((p) => p.id).slice(0, g.selectionType === 'SINGLE' ? 1 : undefined)]));

/** What the chosen options add to one unit: Served With is free; MULTIPLE charges after zeroPriceLimit; SINGLE charges its choice. */
export function optionsPrice(groups: MenuOptionGroup[], chosen: Chosen): number {
  let pence = 0;
  for (const g of groups) {
    if (g.key === 'grpContent') continue;
    (chosen[g.key] ?? []).forEach((id, index) => {
      const product = g.products.find((p) => p.id === id);
      if (!product) return;
      const free = g.selectionType === 'MULTIPLE' && index < (g.zeroPriceLimit ?? 0);
      if (!free) pence += Math.round((g.pricingType === 'SET_PRICE' ? (g.price ?? 0) : product.price) * 100);
    });
  }
  return pence / 100;
}

const groupTitle = (g: MenuOptionGroup) => (g.key in OPTION_GROUP_LABELS ? OPTION_GROUP_LABELS[g.key as keyof typeof OPTION_GROUP_LABELS] : g.label);

export function ItemDialog({
  item,
  details,
  canAdd,
  onClose,
  onAdd,
}: {
  item: MemberMenuItem;
  details: SetMenuItemDetails | null;
  canAdd: boolean;
  onClose: () => void;
  onAdd: (quantity: number, notes: string | null, options: ChosenOption[]) => Promise<void>;
}) {
  const groups = details?.groups ?? [];
  const [chosen, setChosen] = useState<Chosen>(() => initialChoice(groups));
  const [quantity, setQuantity] = useState(1);
  const [notes, setNotes] = useState('');
  const [busy, run] = useBusy();
  const step = item.weighable ? 0.1 : 1;
  const unitPrice = (item.price ?? 0) + optionsPrice(groups, chosen);
  const total = Math.round(unitPrice * quantity * 100) / 100;
  const subTitle = details?.subTitle ?? item.subTitle;
  const description = details?.description ?? item.description;
  const tags = [item.tag1Name, item.tag2Name, item.tag3Name, item.tag4Name, item.tag5Name].filter((t): t is string => !!t);

  const toggle = (g: MenuOptionGroup, id: number) =>
    setChosen((c) => {
      const now = c[g.key] ?? [];
      if (g.selectionType === 'SINGLE') return { ...c, [g.key]: [id] };
      return { ...c, [g.key]: now.includes(id) ? now.filter((x) => x !== id) : [...now, id] };
    });
  const changeQuantity = (delta: number) => setQuantity((q) => Math.max(1, Math.round((q + delta) * 10) / 10));

  const submit = () => {
    const options = groups.flatMap((g) => (chosen[g.key] ?? []).map((productId) => ({ groupKey: g.key, productId })));
    return run(onAdd(quantity, details ? notes.trim() || null : null, options));
  };

  return (
    <Dialog
      title={item.name}
      hideTitle
      onClose={onClose}
      className="sf-item-dialog"
      footer={
        canAdd ? (
          <div className="sf-item-dialog-foot">
            <fieldset className="sf-stepper">
              <legend className="sf-sr-only">Quantity</legend>
              <button type="button" aria-label="Less" disabled={quantity <= 1 || busy} onClick={() => changeQuantity(-step)}>
                −
              </button>
              <span className="sf-stepper-value" aria-live="polite">
                {item.weighable ? `${quantity.toFixed(1)} ${item.unit ?? 'kg'}` : quantity}
              </span>
              <button type="button" aria-label="More" disabled={busy} onClick={() => changeQuantity(step)}>
                +
              </button>
            </fieldset>
            <button type="button" className="sf-button sf-button-primary sf-grow" disabled={busy} onClick={() => void submit()}>
              <span>{busy ? 'Adding…' : 'Add to order'}</span>
              <span>{formatMoney(total)}</span>
            </button>
          </div>
        ) : undefined
      }
    >
      <div className="sf-item-dialog-photo">{item.imageUrl ? <img src={item.imageUrl} alt="" width={640} height={400} /> : <span className="sf-item-dialog-nophoto" />}</div>
      <div className="sf-item-dialog-text">
        {/* The dialog's own (screen-reader) heading names the item; this is its visible copy. */}
        <p className="sf-item-dialog-name" aria-hidden="true">
          {item.name}
        </p>
        {subTitle && <p className="sf-item-dialog-sub">{subTitle}</p>}
        {description && description !== subTitle && <p className="sf-item-dialog-desc">{description}</p>}
        <p className="sf-item-dialog-price">
          {item.price !== null && formatMoney(item.price)}
          {item.weighable && ` per ${item.unit ?? 'kg'}`}
          {item.ageRestricted && <span className="sf-tag sf-tag-age">18+</span>}
          {tags.map((t) => (
            <span key={t} className="sf-tag">
              {t}
            </span>
          ))}
        </p>
      </div>
      {groups.map((g) => (
        <fieldset key={g.key} className="sf-option-group">
          <legend>
            <span>{groupTitle(g)}</span>
            <span className="sf-option-rule">
              {g.key === 'grpContent'
                ? 'Untick to leave out'
                : g.selectionType === 'SINGLE'
                  ? 'Choose one'
                  : g.zeroPriceLimit
                    ? `Choose any · first ${g.zeroPriceLimit} free`
                    : 'Choose any'}
            </span>
          </legend>
          {g.text && g.text !== g.label && <p className="sf-option-text">{g.text}</p>}
          {g.products.map((p) => {
            const picked = (chosen[g.key] ?? []).includes(p.id);
            const index = (chosen[g.key] ?? []).indexOf(p.id);
            const nextIndex = picked ? index : (chosen[g.key] ?? []).length;
            const free = g.key === 'grpContent' || (g.selectionType === 'MULTIPLE' && nextIndex < (g.zeroPriceLimit ?? 0));
            const charge = free ? 0 : g.pricingType === 'SET_PRICE' ? (g.price ?? 0) : p.price;
            return (
              <label key={p.id} className={picked ? 'sf-option sf-option-on' : 'sf-option'}>
                <input
                  type={g.selectionType === 'SINGLE' && g.key !== 'grpContent' ? 'radio' : 'checkbox'}
                  name={`${item.id}-${g.key}`}
                  checked={picked}
                  onChange={() => toggle(g, p.id)}
                />
                <span className="sf-option-name">{p.name}</span>
                <span className="sf-option-price">{charge > 0 ? `+${formatMoney(charge)}` : picked && g.key !== 'grpContent' && g.selectionType === 'MULTIPLE' ? 'Free' : ''}</span>
              </label>
            );
          })}
        </fieldset>
      ))}
      {details && canAdd && (
        <div className="sf-field">
          <label htmlFor="sf-extra-notes">Extra notes</label>
          <textarea
            id="sf-extra-notes"
            rows={2}
            maxLength={EXTRA_NOTES_MAX}
            value={notes}
            placeholder="Anything the kitchen should know?"
            onChange={(e) => setNotes(e.target.value.slice(0, EXTRA_NOTES_MAX))}
          />
          <span className="sf-field-count">
            {notes.length}/{EXTRA_NOTES_MAX}
          </span>
        </div>
      )}
      {!canAdd && <p className="sf-muted">This item can’t be ordered online right now.</p>}
    </Dialog>
  );
}
