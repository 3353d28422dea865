import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Dropdown } from 'primereact/dropdown';
import { MERCHANT_SETTINGS_PATHS, SERVICE_CHARGE_OPTIONS, SERVICE_CHARGE_RATES, basketSettingsInputSchema } from '@tillpoint/contracts/branch-settings';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxField, NumberField, SelectField } from '../../shared/ui/fields';
import { FieldFrame } from '../../shared/ui/field-frame';
import { SettingsLoading } from '../settings/settings-tab';
import { useMerchantSettingsTab } from './use-merchant-settings-tab';

/** Blank offers no service charge, as PASSIVE does (spec 3 §4.6); it shows as 'None'. */
const OPTIONS = [{ label: 'None', value: '' }, ...SERVICE_CHARGE_OPTIONS.map((o) => ({ label: o, value: o }))];
const RATES = SERVICE_CHARGE_RATES.map((r) => ({ label: `${r}%`, value: r }));

/** The three kinds of order a service charge applies to, with the field names of spec 2 §3. */
const KINDS = [
  { title: 'Collection', option: 'serviceChargeOptions', rate: 'defaultServiceCharge' },
  { title: 'Table Order', option: 'serviceChargeOptionsTableOrder', rate: 'defaultServiceChargeTableOrder' },
  { title: 'Delivery', option: 'serviceChargeOptionsDelivery', rate: 'defaultServiceChargeDelivery' },
] as const;

const offered = (option: string | null | undefined) => Boolean(option) && option !== 'PASSIVE';

/**
 * Basket Settings (spec 2 §3, §4): delivery basket limits and fee, the collection discount, the
 * service charge options of collection, table and delivery orders with their defaults (blank or
 * PASSIVE clears the default), scheduled delivery and the delivery durations.
 */
export function BasketSettingsTab({ onEditingChange }: { onEditingChange: (editing: boolean) => void }) {
  const { crud, loading, failed, can } = useMerchantSettingsTab({
    schema: basketSettingsInputSchema,
    path: MERCHANT_SETTINGS_PATHS.basket,
    toForm: (s) => ({
      minimumDeliveryBasketPrice: s.minimumDeliveryBasketPrice,
      deliveryFee: s.deliveryFee,
      freeDeliveryAmount: s.freeDeliveryAmount,
      collectionDiscountRate: s.collectionDiscountRate,
      serviceChargeOptions: (s.serviceChargeOptions ?? '') as (typeof SERVICE_CHARGE_OPTIONS)[number] | '',
      defaultServiceCharge: s.defaultServiceCharge,
      serviceChargeOptionsTableOrder: (s.serviceChargeOptionsTableOrder ?? '') as (typeof SERVICE_CHARGE_OPTIONS)[number] | '',
      defaultServiceChargeTableOrder: s.defaultServiceChargeTableOrder,
      serviceChargeOptionsDelivery: (s.serviceChargeOptionsDelivery ?? '') as (typeof SERVICE_CHARGE_OPTIONS)[number] | '',
      defaultServiceChargeDelivery: s.defaultServiceChargeDelivery,
      scheduledForDelivery: s.scheduledForDelivery,
      minimumDeliveryDeliveryDuration: s.minimumDeliveryDeliveryDuration,
      maximumDeliveryDeliveryDuration: s.maximumDeliveryDeliveryDuration,
    }),
    onEditingChange,
  });
  const { control, setValue } = crud.form;
  const options = useWatch({ control, name: ['serviceChargeOptions', 'serviceChargeOptionsTableOrder', 'serviceChargeOptionsDelivery'] });
  const { editing } = crud;

  // Blank or PASSIVE clears the matching default service charge (spec 2 §4); only while editing,
  // so a saved record shows as it is.
  useEffect(() => {
    if (!editing) return;
    KINDS.forEach((kind, i) => {
      if (!offered(options[i])) setValue(kind.rate, null);
    });
  }, [editing, options, setValue]);

  if (loading) return <SettingsLoading failed={failed} />;
  return (
    <CrudPanel title="Basket Settings" crud={crud} can={can} allowAdd={false} bare>
      <h3 className="settings-subheading">Delivery and collection</h3>
      <div className="field-grid">
        <NumberField control={control} name="minimumDeliveryBasketPrice" label="Minimum Delivery Basket Price" suffix="£" />
        <NumberField control={control} name="deliveryFee" label="Delivery Fee" suffix="£" />
        <NumberField control={control} name="freeDeliveryAmount" label="Free Delivery Amount" suffix="£" />
        <NumberField control={control} name="collectionDiscountRate" label="Collection Discount Rate" suffix="%" />
      </div>
      <h3 className="settings-subheading">Service charge</h3>
      <div className="service-charges">
        {KINDS.map((kind, i) => (
          <fieldset key={kind.title} className="service-charge">
            <legend>{kind.title}</legend>
            {/* The legend names the kind of order, so the fields keep the spec's short names. */}
            <SelectField control={control} name={kind.option} label="Service Charge Option" options={OPTIONS} />
            <Controller
              control={control}
              name={kind.rate}
              render={({ field }) => (
                <FieldFrame id={`${kind.rate}-input`} label="Default Service Charge">
                  <Dropdown
                    inputId={`${kind.rate}-input`}
                    name={field.name}
                    value={field.value ?? null}
                    options={RATES}
                    onChange={(e) => field.onChange(e.value ?? null)}
                    onBlur={field.onBlur}
                    disabled={!offered(options[i])}
                    placeholder={offered(options[i]) ? 'Select' : 'Not offered'}
                    showClear={offered(options[i]) && editing}
                    className="w-full"
                  />
                </FieldFrame>
              )}
            />
          </fieldset>
        ))}
      </div>
      <h3 className="settings-subheading">Delivery times</h3>
      <div className="field-grid">
        <NumberField control={control} name="minimumDeliveryDeliveryDuration" label="Minimum Delivery Duration" suffix="min" />
        <NumberField control={control} name="maximumDeliveryDeliveryDuration" label="Maximum Delivery Duration" suffix="min" />
      </div>
      <CheckboxField control={control} name="scheduledForDelivery" label="Scheduled For Delivery" />
    </CrudPanel>
  );
}
