import {
  BRANCH_SETTINGS_PATHS,
  NOTIFICATION_TUNNELS,
  TABLE_ORDER_PAYMENT_OPTIONS,
  WEB_ORDER_PAYMENT_OPTIONS,
  orderSettingsInputSchema,
} from '@tillpoint/contracts/branch-settings';
import { CrudPanel } from '../../shared/ui/crud-panel';
import { CheckboxRow, MultiSelectField } from '../../shared/ui/fields';
import { SETTINGS_CAN, type TabProps, SettingsLoading } from './settings-tab';
import { useSettingsTab } from './use-settings-tab';

/** Order Settings (spec 1 §2, §3): payment options, how new orders are heard of, and the automatic steps. */
export function OrderSettingsTab({ branchId, onEditingChange }: TabProps) {
  const { crud, loading, failed } = useSettingsTab({
    branchId,
    schema: orderSettingsInputSchema,
    path: BRANCH_SETTINGS_PATHS.saveOrder(branchId),
    toForm: (s) => ({
      tableOrderPaymentOptions: s.tableOrderPaymentOptions,
      webOrderPaymentOptions: s.webOrderPaymentOptions,
      notificationTunnel: s.notificationTunnel,
      autoOrderConfirm: s.autoOrderConfirm,
      autoKitchen: s.autoKitchen,
      autoInsideDelivery: s.autoInsideDelivery,
      autoOutsideDelivery: s.autoOutsideDelivery,
      autoDispatch: s.autoDispatch,
    }),
    onEditingChange,
  });
  if (loading) return <SettingsLoading failed={failed} />;
  const { control } = crud.form;
  return (
    <CrudPanel title="Order Settings" crud={crud} can={SETTINGS_CAN} allowAdd={false} bare>
      <div className="field-grid">
        <MultiSelectField control={control} name="tableOrderPaymentOptions" label="Table Order Payment Options" options={TABLE_ORDER_PAYMENT_OPTIONS} />
        <MultiSelectField control={control} name="webOrderPaymentOptions" label="Web Order Payment Options" options={WEB_ORDER_PAYMENT_OPTIONS} />
        <MultiSelectField control={control} name="notificationTunnel" label="Notification Tunnel" options={NOTIFICATION_TUNNELS} required />
      </div>
      <CheckboxRow
        control={control}
        flags={{
          autoOrderConfirm: 'Auto Order Confirm',
          autoKitchen: 'Auto Kitchen',
          autoInsideDelivery: 'Auto Inside Delivery',
          autoOutsideDelivery: 'Auto Outside Delivery',
          autoDispatch: 'Auto Dispatch',
        }}
      />
    </CrudPanel>
  );
}
