import { useId, useState } from 'react';
import { AutoComplete } from 'primereact/autocomplete';
import { InputText } from 'primereact/inputtext';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { BARCODE_MAX_DIGITS } from '@tillpoint/contracts/barcode';
import { AUTOCOMPLETE_DELAY_MS, type ProductOption } from '@tillpoint/contracts/product';
import { api } from '../api';
import { notify } from '../notify';
import './picker-fields.css';

/** A product as a picker hands it over (the fields both the barcode and the name look-ups return). */
export type PickedProduct = Pick<ProductOption, 'id' | 'name' | 'barcode' | 'price' | 'status' | 'departmentExcludePromotion'>;

const picked = ({ id, name, barcode, price, status, departmentExcludePromotion }: PickedProduct): PickedProduct => ({
  id,
  name,
  barcode,
  price,
  status,
  departmentExcludePromotion,
});

type Props = {
  onPick: (product: PickedProduct) => void;
  disabled?: boolean;
  /** 'Select Product' unless the screen titles the area itself (the web menu's 'Barcode or Name'). */
  legend?: string;
};

/**
 * The 'Select Product' area of spec 2 (product groups, web menus, mix and match): a barcode that
 * Enter looks up ('Barcode not Found!' when none), and a name that suggests products 250 ms after
 * the last key. Either way the product found is handed to `onPick` and the input empties.
 */
export function ProductPicker({ onPick, disabled, legend = 'Select Product' }: Props) {
  const barcodeId = useId();
  const nameId = useId();
  const [barcode, setBarcode] = useState('');
  const [name, setName] = useState<string | ProductOption>('');
  const [suggestions, setSuggestions] = useState<ProductOption[]>([]);

  const lookUp = async () => {
    const code = barcode.trim();
    if (!code) return;
    const r = await api.get<ProductOption>(PATHS.product.byBarcode(code));
    if (!notify(r, { suppressSuccess: true }) || !r.ok) return;
    onPick(picked(r.body));
    setBarcode('');
  };

  const suggest = async (text: string) => {
    const query = text.trim();
    if (!query) return setSuggestions([]);
    const r = await api.get<ProductOption[]>(PATHS.product.byName(query));
    if (notify(r, { suppressSuccess: true }) && r.ok) setSuggestions(r.body);
    else setSuggestions([]);
  };

  return (
    <fieldset className="product-picker" disabled={disabled}>
      <legend className="field-label">{legend}</legend>
      <div className="field-grid">
        <div className="field">
          <label htmlFor={barcodeId}>Barcode</label>
          <InputText
            id={barcodeId}
            value={barcode}
            inputMode="numeric"
            maxLength={BARCODE_MAX_DIGITS}
            placeholder="Scan or type, then Enter"
            onChange={(e) => setBarcode(e.target.value.replace(/\D/g, ''))}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              // Enter looks the product up; it must not submit the form around the picker.
              e.preventDefault();
              void lookUp();
            }}
            disabled={disabled}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={nameId}>Product Name</label>
          <AutoComplete
            inputId={nameId}
            value={name}
            suggestions={suggestions}
            completeMethod={(e) => void suggest(e.query)}
            delay={AUTOCOMPLETE_DELAY_MS}
            field="name"
            itemTemplate={(p: ProductOption) => (
              <span>
                {p.name} <small className="muted">{p.barcode}</small>
              </span>
            )}
            onChange={(e) => setName(e.value as string | ProductOption)}
            onSelect={(e) => {
              onPick(picked(e.value as ProductOption));
              setName('');
            }}
            placeholder="Type a name"
            disabled={disabled}
            className="w-full"
            inputClassName="w-full"
          />
        </div>
      </div>
    </fieldset>
  );
}
