import { MENU_DISPLAY_TEMPLATES, MERCHANT_SETTINGS_PATHS, marketPlaceSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { ColorField } from '../../shared/ui/color-field';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, NumberField, SelectField } from '../../shared/ui/fields';
import { TextField } from '../../shared/ui/field-frame';
import { SettingsLoading } from '../settings/settings-tab';
import { useMerchantSettingsTab } from './use-merchant-settings-tab';

/** The storefront shows Template1 as a list and Template2 as a grid (spec 3 §2, store menu page). */
const TEMPLATES = MENU_DISPLAY_TEMPLATES.map((t) => ({ value: t, label: t === 'Template1' ? 'Template1 (list)' : 'Template2 (grid)' }));
const SORTS = [
  { value: 'DISPLAY_NUMBER', label: 'Sorting number, then name' },
  { value: 'NAME', label: 'Name' },
];

/**
 * Market Place Settings (spec 2 §3, spec 3 §3): where the branch delivers (its serviceable areas,
 * or a distance in miles from its postcode) and how its store card and menu look on the storefront.
 */
export function MarketPlaceTab({ onEditingChange }: { onEditingChange: (editing: boolean) => void }) {
  const { crud, loading, failed, can } = useMerchantSettingsTab({
    schema: marketPlaceSettingsInputSchema,
    path: MERCHANT_SETTINGS_PATHS.marketPlace,
    toForm: (s) => ({
      serviceableAreas: s.serviceableAreas ?? '',
      distanceFromPostalCodeThatCanBeServiced: s.distanceFromPostalCodeThatCanBeServiced,
      showEmailAddressInTheStoreCard: s.showEmailAddressInTheStoreCard,
      menuBorderColor: s.menuBorderColor,
      menuDisplayTemplate: s.menuDisplayTemplate,
      menuDisplayType: s.menuDisplayType,
    }),
    onEditingChange,
  });
  if (loading) return <SettingsLoading failed={failed} />;
  const { control } = crud.form;
  return (
    <CrudPanel title="Market Place Settings" crud={crud} can={can} allowAdd={false} bare>
      <h3 className="settings-subheading">Delivery area</h3>
      <div className="field-grid wide-fields">
        <TextField control={control} name="serviceableAreas" label="Serviceable Areas" />
        <NumberField control={control} name="distanceFromPostalCodeThatCanBeServiced" label="Distance From Postal Code That Can Be Serviced" suffix="miles" />
      </div>
      <p className="muted settings-hint">
        Serviceable areas are postcode areas, districts or whole postcodes, separated by commas (e.g. SW1, SW1V, W1). A postcode outside them is
        delivered to when it lies within the distance of the branch's own postcode; with neither set, the branch delivers anywhere.
      </p>
      <h3 className="settings-subheading">Store card and menu</h3>
      <div className="field-grid wide-fields">
        <ColorField control={control} name="menuBorderColor" label="Menu Border Color" disabled={!crud.editing} />
        <SelectField control={control} name="menuDisplayTemplate" label="Menu Display Template" options={TEMPLATES} />
        <SelectField control={control} name="menuDisplayType" label="Menu Display Type" options={SORTS} />
      </div>
      <CheckboxField control={control} name="showEmailAddressInTheStoreCard" label="Show Email Address In The Store Card" />
    </CrudPanel>
  );
}
