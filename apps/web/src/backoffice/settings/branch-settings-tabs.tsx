import { EodSettingsTab } from './eod-settings-tab';
import { MailSettingsForm } from './mail-settings-form';
import { OrderSettingsTab } from './order-settings-tab';
import { PageSettingsTab } from './page-settings-tab';
import { PaymentSettingsTab } from './payment-settings-tab';
import { SettingsTabs } from './settings-tab';

/**
 * The settings tabs of an existing branch (spec 1 §2, merchant branch detail): Page Settings,
 * Order Settings, EOD Settings, Payment Integration Settings and Mail Settings, each with its own
 * Edit/Save/Cancel, one editing at a time.
 */
export function BranchSettingsTabs({ branchId }: { branchId: number }) {
  return (
    <SettingsTabs
      label="Branch settings"
      tabs={[
        { header: 'Page Settings', render: (onEditingChange) => <PageSettingsTab branchId={branchId} onEditingChange={onEditingChange} /> },
        { header: 'Order Settings', render: (onEditingChange) => <OrderSettingsTab branchId={branchId} onEditingChange={onEditingChange} /> },
        { header: 'EOD Settings', render: (onEditingChange) => <EodSettingsTab branchId={branchId} onEditingChange={onEditingChange} /> },
        { header: 'Payment Integration Settings', render: (onEditingChange) => <PaymentSettingsTab branchId={branchId} onEditingChange={onEditingChange} /> },
        {
          header: 'Mail Settings',
          render: (onEditingChange) => <MailSettingsForm merchantBranchId={branchId} title="Mail Settings" bare onEditingChange={onEditingChange} />,
        },
      ]}
    />
  );
}
