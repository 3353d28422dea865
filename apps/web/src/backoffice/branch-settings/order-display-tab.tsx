import { MERCHANT_SETTINGS_PATHS, orderDisplaySettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { NumberField } from '../../shared/ui/fields';
import { SettingsLoading } from '../settings/settings-tab';
import { useMerchantSettingsTab } from './use-merchant-settings-tab';

/** Order Display Settings (spec 2 §3, spec 3 §2): the zoom of the order display screen, 1 to 10 (default 2). */
export function OrderDisplayTab({ onEditingChange }: { onEditingChange: (editing: boolean) => void }) {
  const { crud, loading, failed, can } = useMerchantSettingsTab({
    schema: orderDisplaySettingsInputSchema,
    path: MERCHANT_SETTINGS_PATHS.orderDisplay,
    toForm: (s) => ({ displayMemberZoom: s.displayMemberZoom }),
    onEditingChange,
  });
  if (loading) return <SettingsLoading failed={failed} />;
  const { control } = crud.form;
  return (
    <CrudPanel title="Order Display Settings" crud={crud} can={can} allowAdd={false} bare>
      <div className="field-grid">
        <NumberField control={control} name="displayMemberZoom" label="Display Member Zoom" suffix="x" />
      </div>
      <p className="muted settings-hint">How large the order display screen draws its list of orders, from 1 to 10.</p>
    </CrudPanel>
  );
}
