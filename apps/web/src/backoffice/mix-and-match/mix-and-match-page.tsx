import { type FieldValues, useWatch } from 'react-hook-form';
import { InputText } from 'primereact/inputtext';
import {
  MIX_AND_MATCH_DEFAULTS,
  MIX_AND_MATCH_MESSAGES,
  MIX_AND_MATCH_PRODUCT_PAGE_SIZE,
  MIX_AND_MATCH_WEEKDAYS,
  type MixAndMatch,
  type MixAndMatchForm,
  mixAndMatchInputSchema,
} from '@tillpoint/contracts/mix-and-match';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { WEEKDAY_LABELS } from '@tillpoint/contracts/schedule';
import { navigate, parseHash, replaceHash, useHash } from '../../shared/hash-route';
import { usePrivileges } from '../../shared/privileges';
import { warn } from '../../shared/toast-bus';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, NumberField, SelectField } from '../../shared/ui/fields';
import { type BaseProps, ControlledField, TextField } from '../../shared/ui/field-frame';
import { ProductListTable, useProductList } from '../../shared/ui/product-list';
import { type PickedProduct, ProductPicker } from '../../shared/ui/product-picker';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useCrud } from '../../shared/ui/use-crud';
import type { Draft } from '../../shared/ui/use-zod-form';
import { PageLoading } from '../page-loading';
import { PageTitle } from '../page-title';
import { ROUTES } from '../route-hrefs';
import { mixAndMatches } from './mix-and-match-api';
import { offerSummary } from './offer-summary';
import './mix-and-match.css';

const TYPES = [
  { value: 'MIXMATCH', label: 'Mix and Match' },
  { value: 'ALL_PRODUCTS', label: 'All Products' },
];
const LEVELS = [
  { value: 'PRODUCT', label: 'Product' },
  { value: 'BASKET', label: 'Basket' },
];
const OPERATIONS = [
  { value: 'FIXED_PRICE', label: 'Fixed Price' },
  { value: 'DISCOUNT_AMOUNT', label: 'Discount Amount' },
];
const PRINTS = [
  { value: 'LABEL', label: 'Label' },
  { value: 'RECEIPT', label: 'Receipt' },
  { value: 'NONE', label: 'None' },
];

const everyDay = Object.fromEntries(MIX_AND_MATCH_WEEKDAYS.map((d) => [d, true])) as Record<(typeof MIX_AND_MATCH_WEEKDAYS)[number], boolean>;

/** A new offer: the spec's defaults (spec 2 §9), every day, all day. */
const EMPTY: Draft<MixAndMatchForm> = {
  name: '',
  ...MIX_AND_MATCH_DEFAULTS,
  quantity: null,
  amount: null,
  startDate: null,
  endDate: null,
  ...everyDay,
  startHour: null,
  startMinute: null,
  duration: null,
  products: [],
};

const toForm = (o: MixAndMatch): Draft<MixAndMatchForm> => ({
  name: o.name,
  status: o.status,
  mixAndMatchType: o.mixAndMatchType,
  level: o.level,
  operation: o.operation,
  quantity: o.quantity,
  amount: o.amount,
  startDate: o.startDate,
  endDate: o.endDate,
  monday: o.monday,
  tuesday: o.tuesday,
  wednesday: o.wednesday,
  thursday: o.thursday,
  friday: o.friday,
  saturday: o.saturday,
  sunday: o.sunday,
  startHour: o.startHour,
  startMinute: o.startMinute,
  duration: o.duration,
  mmPrint: o.mmPrint,
  webEnabled: o.webEnabled,
  products: o.products.map((p) => p.id),
});

/** A day as the contract keeps it ('YYYY-MM-DD'), picked with the browser's own date input; blank is none. */
function DateField<T extends FieldValues, O>(p: BaseProps<T, O>) {
  return (
    <ControlledField
      field={p}
      input={(field, id) => (
        <InputText
          id={id}
          type="date"
          name={field.name}
          ref={field.ref}
          value={(field.value as string | null) ?? ''}
          onChange={(e) => field.onChange(e.target.value || null)}
          onBlur={field.onBlur}
          disabled={p.disabled}
        />
      )}
    />
  );
}

/** #mixAndMatchSave?{id} (spec 2): one offer; an empty id is a new one (opens in edit mode). */
export default function MixAndMatchPage() {
  const id = Number(parseHash(useHash()).params[0]) || null;
  // Another id (or none, for new) is another record: a fresh form, never the last one's state.
  return <MixAndMatchEditor key={id ?? 'new'} id={id} />;
}

function MixAndMatchEditor({ id }: { id: number | null }) {
  const can = usePrivileges(OBJECTS.mixAndMatch);
  const crud = useCrud<MixAndMatch, typeof mixAndMatchInputSchema>({
    area: mixAndMatches,
    id,
    newInEdit: true,
    schema: mixAndMatchInputSchema,
    empty: EMPTY,
    toForm,
    // A new offer's page becomes the saved offer's (a reload reopens it).
    onSaved: (saved, { created }) => {
      if (created) replaceHash(ROUTES.mixAndMatchSave(saved.id));
    },
    onDeleted: () => navigate(ROUTES.mixAndMatchList),
    onCancelNew: () => navigate(ROUTES.mixAndMatchList),
  });
  const { control, setValue } = crud.form;
  const values = useWatch({ control }) as Draft<MixAndMatchForm>;
  const level = values.level ?? 'PRODUCT';
  const listed = (values.mixAndMatchType ?? 'MIXMATCH') === 'MIXMATCH';
  const offer = crud.record;

  // A saved offer needs View; a new one Add (spec 2 §6). The server checks both again.
  if (id === null ? !can.add : !can.view) return <p className="card">You have no privilege to {id === null ? 'add' : 'view'} mix and match offers.</p>;
  if (crud.failed) return <p className="card">This offer could not be loaded.</p>;
  if (crud.loading) return <PageLoading />;
  return (
    <div className="stack">
      <PageTitle title={offer ? offer.name : 'New Mix and Match'} back={ROUTES.mixAndMatchList} backLabel="Mix and Match" />
      <CrudPanel title="Mix and Match" crud={crud} can={{ ...can, add: false }}>
        <p className="offer-summary" aria-live="polite">
          <i className="pi pi-tag" aria-hidden="true" /> <span data-testid="offer-summary">{offerSummary(values)}</span>
        </p>
        <StatusSwitch crud={crud} />
        <div className="field-grid">
          <TextField control={control} name="name" label="Name" required />
          <SelectField
            control={control}
            name="mixAndMatchType"
            label="Type"
            options={TYPES}
            required
            onPicked={(type) => {
              // Only a MIXMATCH offer has its own products (spec 2 §4).
              if (type !== 'MIXMATCH') setValue('products', [], { shouldDirty: true });
            }}
          />
          <SelectField control={control} name="level" label="Level" options={LEVELS} required />
          <SelectField control={control} name="operation" label="Operation" options={OPERATIONS} required />
          {/* A basket-level quantity is the spend that starts the offer (spec 2 §5: shown as currency). */}
          <NumberField control={control} name="quantity" label="Quantity" suffix={level === 'BASKET' ? '£' : undefined} required />
          <NumberField control={control} name="amount" label="Amount" suffix="£" required />
          <DateField control={control} name="startDate" label="Start Date" />
          <DateField control={control} name="endDate" label="End Date" />
          <NumberField control={control} name="startHour" label="Start Hour" />
          <NumberField control={control} name="startMinute" label="Start Minute" />
          <NumberField control={control} name="duration" label="Duration" suffix="min" />
          <SelectField control={control} name="mmPrint" label="Mm Print" options={PRINTS} />
        </div>
        <fieldset className="offer-days">
          <legend className="field-label">Days</legend>
          <div className="field-row">
            {MIX_AND_MATCH_WEEKDAYS.map((d) => (
              <CheckboxField key={d} control={control} name={d} label={WEEKDAY_LABELS[d]} />
            ))}
          </div>
        </fieldset>
        <div className="field-row">
          <CheckboxField control={control} name="webEnabled" label="Web Enabled" />
        </div>
        <OfferProducts crud={crud} editing={crud.editing && listed} listed={listed} />
      </CrudPanel>
    </div>
  );
}

/**
 * The offer's products (spec 2 §4, §9: a table of 10 rows): the form holds their ids in order, the
 * table names them. A product already listed is ignored; one whose department excludes promotions
 * is refused with the spec's message (the server refuses it too).
 */
function OfferProducts({ crud, editing, listed }: { crud: ReturnType<typeof useCrud<MixAndMatch, typeof mixAndMatchInputSchema>>; editing: boolean; listed: boolean }) {
  const list = useProductList(crud.form, crud.record?.products);
  const add = (p: PickedProduct) => (p.departmentExcludePromotion ? warn(MIX_AND_MATCH_MESSAGES.excluded) : list.add(p));

  return (
    <section className="offer-products" aria-label="Offer Products">
      <h3>Products</h3>
      {!listed && <p className="muted">An offer of this type takes every product whose department allows promotions.</p>}
      {editing && <ProductPicker onPick={add} />}
      {listed && (
        <ProductListTable rows={list.rows} editing={editing} onRemove={list.remove} pageSize={MIX_AND_MATCH_PRODUCT_PAGE_SIZE} />
      )}
    </section>
  );
}
