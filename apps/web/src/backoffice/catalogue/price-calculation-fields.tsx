import { type Control, type FieldValues, type Path, type PathValue, type UseFormSetValue, useWatch } from 'react-hook-form';
import { isNoCalculation } from '@tillpoint/contracts/price-calculator';
import { NumberField, SelectField } from '../../shared/ui/fields';

/**
 * Price Calculation Method and Rate (spec 2 §4, §5), on a department and on the branch's Product
 * Price: a method needs its rate, in £ for AMOUNT and % otherwise; choosing none clears the rate
 * and disables it. `none` is the value the screen offers for no calculation (EMPTY and
 * NO_CALCULATION both mean none).
 */
export function PriceCalculationFields<T extends FieldValues, O>({
  control,
  setValue,
  none,
}: {
  control: Control<T, unknown, O>;
  setValue: UseFormSetValue<T>;
  none: 'EMPTY' | 'NO_CALCULATION';
}) {
  const methodName = 'priceCalculationMethod' as Path<T>;
  const rateName = 'priceCalculationRate' as Path<T>;
  const method = useWatch({ control, name: methodName }) as string | null | undefined;
  const noRate = isNoCalculation(method);
  return (
    <>
      <SelectField
        control={control}
        name={methodName}
        label="Price Calculation Method"
        options={[
          { label: 'No Calculation', value: none },
          { label: 'Percentage', value: 'PERCENTAGE' },
          { label: 'Amount', value: 'AMOUNT' },
        ]}
        onPicked={(m) => {
          if (isNoCalculation(m)) setValue(rateName, null as PathValue<T, Path<T>>);
        }}
      />
      <NumberField control={control} name={rateName} label="Price Calculation Rate" suffix={method === 'AMOUNT' ? '£' : '%'} disabled={noRate} required={!noRate} />
    </>
  );
}
