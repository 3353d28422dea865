import { useState } from 'react';
import { TabPanel, TabView } from 'primereact/tabview';
import { EodSettingsTab } from './eod-settings-tab';
import { MailSettingsForm } from './mail-settings-form';
import { OrderSettingsTab } from './order-settings-tab';
import { PageSettingsTab } from './page-settings-tab';
import { PaymentSettingsTab } from './payment-settings-tab';

const TABS = ['Page Settings', 'Order Settings', 'EOD Settings', 'Payment Integration Settings', 'Mail Settings'] as const;

/**
 * The settings tabs of an existing branch (spec 1 §2, merchant branch detail): Page Settings,
 * Order Settings, EOD Settings, Payment Integration Settings and Mail Settings, each with its own
 * Edit/Save/Cancel. One tab edits at a time: while it does, the other tabs are locked, so no input
 * is left half-done behind a tab.
 */
export function BranchSettingsTabs({ branchId }: { branchId: number }) {
  const [active, setActive] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  // One stable callback per tab, so a tab's effect that reports its mode runs only when the mode changes.
  const [reporters] = useState(() => TABS.map((_, i) => (on: boolean) => setEditing((e) => (on ? i : e === i ? null : e))));

  const content = (index: number) => {
    const props = { branchId, onEditingChange: reporters[index] };
    switch (index) {
      case 0:
        return <PageSettingsTab {...props} />;
      case 1:
        return <OrderSettingsTab {...props} />;
      case 2:
        return <EodSettingsTab {...props} />;
      case 3:
        return <PaymentSettingsTab {...props} />;
      default:
        return <MailSettingsForm merchantBranchId={branchId} title="Mail Settings" bare onEditingChange={props.onEditingChange} />;
    }
  };

  return (
    <section className="card branch-settings" aria-label="Branch settings">
      <TabView activeIndex={active} onTabChange={(e) => editing === null && setActive(e.index)} scrollable>
        {TABS.map((header, i) => (
          <TabPanel key={header} header={header} disabled={editing !== null && editing !== i}>
            {content(i)}
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}
