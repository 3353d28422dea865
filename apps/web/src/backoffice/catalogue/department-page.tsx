import { useId, useState } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type Department, type DepartmentForm, type DepartmentInput, departmentInputSchema } from '@tillpoint/contracts/department';
import { isNoCalculation } from '@tillpoint/contracts/price-calculator';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { api } from '../../shared/api';
import { navigate, parseHash, useHash } from '../../shared/hash-route';
import { notify } from '../../shared/notify';
import { usePrivileges } from '../../shared/privileges';
import { warn } from '../../shared/toast-bus';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, NumberField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { RefField } from '../../shared/ui/ref-field';
import { StatusSwitch } from '../../shared/ui/status-switch';
import { useBusy } from '../../shared/ui/use-busy';
import { useCrud } from '../../shared/ui/use-crud';
import type { Draft } from '../../shared/ui/use-zod-form';
import { PageLoading } from '../page-loading';
import { PageTitle } from '../page-title';
import { ROUTES } from '../route-hrefs';
import { departments, useTaxOptions } from './catalogue-api';
import { DepartmentTransferDialog } from './department-transfer-dialog';
import { PriceCalculationFields } from './price-calculation-fields';
import './catalogue.css';

/** Ours: the spec has the server asked, without words for a department already in an offer. */
const LINKED_TO_MIX_AND_MATCH = 'This department is linked to a mix and match offer, so it cannot exclude promotions.';

const EMPTY: Draft<DepartmentForm> = {
  name: '',
  status: 'ACTIVE',
  tax: null,
  ageRestricted: false,
  excludePromotion: false,
  shelfEdgeLabelRequired: false,
  excludeServiceCharge: false,
  autoCreateMenu: false,
  profitMargin: null,
  priceCalculationMethod: 'NO_CALCULATION',
  priceCalculationRate: null,
};

/** #departmentSave?{id} (spec 2): one department; empty id means new (opens in edit mode). */
export default function DepartmentPage() {
  const id = Number(parseHash(useHash()).params[0]) || null;
  // Another id (or none, for new) is another record: a fresh form, never the last one's state.
  return <DepartmentEditor key={id ?? 'new'} id={id} />;
}

function DepartmentEditor({ id }: { id: number | null }) {
  const can = usePrivileges(OBJECTS.department);
  const taxes = useTaxOptions();
  const [deleting, setDeleting] = useState(false);
  const crud = useCrud<Department, typeof departmentInputSchema>({
    area: departments,
    id,
    newInEdit: true,
    schema: departmentInputSchema,
    empty: EMPTY,
    // EMPTY and NO_CALCULATION both mean none (spec 2 §5); the select shows one of them.
    toForm: (d) => ({
      name: d.name,
      status: d.status,
      tax: d.tax,
      ageRestricted: d.ageRestricted,
      excludePromotion: d.excludePromotion,
      shelfEdgeLabelRequired: d.shelfEdgeLabelRequired,
      excludeServiceCharge: d.excludeServiceCharge,
      autoCreateMenu: d.autoCreateMenu,
      profitMargin: d.profitMargin,
      priceCalculationMethod: isNoCalculation(d.priceCalculationMethod) ? 'NO_CALCULATION' : d.priceCalculationMethod,
      priceCalculationRate: d.priceCalculationRate,
    }),
    onSaved: (_, { then }) => {
      if (then === 'save') navigate(ROUTES.departmentList);
    },
    onCancelNew: () => navigate(ROUTES.departmentList),
  });
  const { control, setValue } = crud.form;
  const department = crud.record;

  if (crud.failed) return <p className="card">This department could not be loaded.</p>;
  if (crud.loading) return <PageLoading />;
  return (
    <div className="stack">
      <PageTitle title={department ? department.name : 'New Department'} back={ROUTES.departmentList} backLabel="Departments" />
      <CrudPanel title="Department" crud={{ ...crud, remove: async () => setDeleting(true) }} can={{ ...can, add: false }} saveVariants={['next']}>
        <StatusSwitch crud={crud} />
        <div className="field-grid">
          <TextField control={control} name="name" label="Name" required />
          <RefField control={control} name="tax" label="Tax" options={taxes.data} loading={taxes.isPending} required savedName={department?.taxName} />
          <NumberField control={control} name="profitMargin" label="Profit Margin" suffix="%" />
          <PriceCalculationFields control={control} setValue={setValue} none="NO_CALCULATION" />
        </div>
        <div className="field-row">
          <CheckboxField control={control} name="ageRestricted" label="Age Restricted" />
          <ExcludePromotionField control={control} departmentId={department?.id ?? null} />
          <CheckboxField control={control} name="shelfEdgeLabelRequired" label="Shelf Edge Label Required" />
          <CheckboxField control={control} name="excludeServiceCharge" label="Exclude Service Charge" />
          <CheckboxField control={control} name="autoCreateMenu" label="Auto Create Menu" />
        </div>
      </CrudPanel>
      {department && (
        <DepartmentTransferDialog department={department} visible={deleting} onClose={() => setDeleting(false)} onDeleted={() => navigate(ROUTES.departmentList)} />
      )}
    </div>
  );
}

/**
 * Ticking excludePromotion first asks the server whether the department is in a mix and match
 * offer (spec 2 §4); the box is ticked only on a successful answer that it is not. A new
 * department is in no offer yet.
 */
function ExcludePromotionField({ control, departmentId }: { control: Control<Draft<DepartmentForm>, unknown, DepartmentInput>; departmentId: number | null }) {
  const id = useId();
  const [asking, run] = useBusy();
  return (
    <Controller
      control={control}
      name="excludePromotion"
      render={({ field }) => (
        <div className="field field-checkbox">
          <Checkbox
            inputId={id}
            checked={Boolean(field.value)}
            disabled={asking}
            onChange={async (e) => {
              if (!e.checked || departmentId === null) return field.onChange(Boolean(e.checked));
              const r = await run(api.get<boolean>(PATHS.department.hasConnectedAnyMixAndMatch(departmentId)));
              if (!notify(r, { suppressSuccess: true }) || !r.ok) return;
              if (r.body) return warn(LINKED_TO_MIX_AND_MATCH);
              field.onChange(true);
            }}
          />
          <label htmlFor={id}>Exclude Promotion</label>
        </div>
      )}
    />
  );
}
