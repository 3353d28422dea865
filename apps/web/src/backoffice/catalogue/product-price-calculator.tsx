import { type Control, useWatch } from 'react-hook-form';
import { type ProductForm, type ProductInput, UNITS } from '@tillpoint/contracts/product';
import { calculatePrices, fromHundredths, toHundredths } from '@tillpoint/contracts/price-calculator';
import { formatMoney, formatPercent } from '../../shared/format';
import { NumberField, SelectField } from '../../shared/ui/fields';
import type { Draft } from '../../shared/ui/use-zod-form';

const hundredths = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? null : toHundredths(n));
const shown = (n: number | null) => (n === null ? null : fromHundredths(n));

type Props = {
  control: Control<Draft<ProductForm>, unknown, ProductInput>;
  /** The product's tax rate, else its department's (percent); null when neither is known yet. */
  taxRate: number | null;
  /** The department's margin, always shown for comparison (spec 2 §4). */
  departmentMargin: number | null;
};

/**
 * The price calculator of spec 2 §4, live as the user types: the one shared function of the
 * contracts (the server recomputes the same figures on save), fed in pence and basis points.
 */
export function PriceCalculator({ control, taxRate, departmentMargin }: Props) {
  const [boxPrice, boxQuantity, price, profitMargin] = useWatch({ control, name: ['boxPrice', 'boxQuantity', 'price', 'profitMargin'] });
  const r = calculatePrices({
    boxPrice: hundredths(boxPrice),
    boxQuantity: boxQuantity ?? null,
    price: hundredths(price),
    taxRateBp: hundredths(taxRate),
    profitMarginBp: hundredths(profitMargin),
  });
  const results: [string, string][] = [
    ['Unit Cost', formatMoney(shown(r.unitCost))],
    ['Unit Cost Incl. Tax', formatMoney(shown(r.unitCostWithTax))],
    ['Tax Rate', formatPercent(taxRate)],
    ['Actual Margin', formatPercent(shown(r.actualMargin))],
    ['Retail Price', formatMoney(shown(r.retailPrice))],
    ['Department Margin', formatPercent(departmentMargin)],
  ];
  return (
    <section className="product-section" aria-label="Price Calculator">
      <h3>Price Calculator</h3>
      <div className="field-grid field-grid-narrow">
        <NumberField control={control} name="boxPrice" label="Box Price" suffix="£" />
        <NumberField control={control} name="boxQuantity" label="Box Quantity" />
        <SelectField control={control} name="boxUnit" label="Box Unit" options={UNITS} />
        <NumberField control={control} name="costPrice" label="Cost Price" suffix="£" />
        <NumberField control={control} name="profitMargin" label="Profit Margin" suffix="%" />
      </div>
      <dl className="calculator-results" aria-live="polite">
        {results.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
