import { MERCHANT_SETTINGS_PATHS, productPriceSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { type PriceCalculationMethod, isNoCalculation } from '@tillpoint/contracts/price-calculator';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { PriceCalculationFields } from '../catalogue/price-calculation-fields';
import { SettingsLoading } from '../settings/settings-tab';
import { useMerchantSettingsTab } from './use-merchant-settings-tab';

/**
 * Product Price (spec 2 §4, §5): how the branch's web prices are worked out from till prices. A
 * method needs its rate ('Please fill the rate field!'); none clears the rate and disables it.
 */
export function ProductPriceTab({ onEditingChange }: { onEditingChange: (editing: boolean) => void }) {
  const { crud, loading, failed, can } = useMerchantSettingsTab({
    schema: productPriceSettingsInputSchema,
    path: MERCHANT_SETTINGS_PATHS.productPrice,
    toForm: (s) => ({
      priceCalculationMethod: (isNoCalculation(s.priceCalculationMethod) ? 'EMPTY' : s.priceCalculationMethod) as PriceCalculationMethod,
      priceCalculationRate: s.priceCalculationRate,
    }),
    onEditingChange,
  });
  const { control, setValue } = crud.form;
  if (loading) return <SettingsLoading failed={failed} />;
  return (
    <CrudPanel title="Product Price" crud={crud} can={can} allowAdd={false} bare>
      <div className="field-grid">
        <PriceCalculationFields control={control} setValue={setValue} none="EMPTY" />
      </div>
    </CrudPanel>
  );
}
