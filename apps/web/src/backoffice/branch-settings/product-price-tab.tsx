import { useWatch } from 'react-hook-form';
import { MERCHANT_SETTINGS_PATHS, productPriceSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { type PriceCalculationMethod, isNoCalculation } from '@tillpoint/contracts/price-calculator';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { NumberField, SelectField } from '../../shared/ui/fields';
import { SettingsLoading } from '../settings/settings-tab';
import { useMerchantSettingsTab } from './use-merchant-settings-tab';

/** EMPTY and NO_CALCULATION both mean none (spec 2 §5); the screen offers one of them, as the department's does. */
const METHODS = [
  { label: 'No Calculation', value: 'EMPTY' },
  { label: 'Percentage', value: 'PERCENTAGE' },
  { label: 'Amount', value: 'AMOUNT' },
];

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
  const method = useWatch({ control, name: 'priceCalculationMethod' });
  if (loading) return <SettingsLoading failed={failed} />;
  const none = isNoCalculation(method);
  return (
    <CrudPanel title="Product Price" crud={crud} can={can} allowAdd={false} bare>
      <div className="field-grid">
        <SelectField
          control={control}
          name="priceCalculationMethod"
          label="Price Calculation Method"
          options={METHODS}
          onPicked={(m) => {
            // Choosing none clears the rate (spec 2 §4).
            if (isNoCalculation(m)) setValue('priceCalculationRate', null);
          }}
        />
        <NumberField control={control} name="priceCalculationRate" label="Price Calculation Rate" suffix={method === 'AMOUNT' ? '£' : '%'} disabled={none} required={!none} />
      </div>
    </CrudPanel>
  );
}
