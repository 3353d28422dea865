import type { ReactNode } from 'react';
import { MERCHANT_SETTINGS_TABS } from '@tillpoint/contracts/branch-settings';
import { OBJECTS } from '@tillpoint/contracts/privileges';
import { usePrivileges } from '../../shared/privileges';
import { SettingsTabs } from '../settings/settings-tab';
import { BasketSettingsTab } from './basket-settings-tab';
import { MarketPlaceTab } from './market-place-tab';
import { MerchantEodTab } from './merchant-eod-tab';
import { OrderDisplayTab } from './order-display-tab';
import { ProductPriceTab } from './product-price-tab';
import { SchedulesTab } from './schedules-tab';
import './branch-settings.css';

type TabContent = (props: { onEditingChange: (editing: boolean) => void }) => ReactNode;
const CONTENT: Record<(typeof MERCHANT_SETTINGS_TABS)[number], TabContent> = {
  'EOD Settings': MerchantEodTab,
  'Basket Settings': BasketSettingsTab,
  'Branch Schedules': SchedulesTab,
  'Product Price': ProductPriceTab,
  'Market Place Settings': MarketPlaceTab,
  'Order Display Settings': OrderDisplayTab,
};

/**
 * #/branchSettings (spec 2 §2): the current branch's six settings tabs, each with its own Edit,
 * Save and Cancel, one in edit mode at a time. Viewing needs BranchSettings View, editing Create.
 */
export default function BranchSettingsPage() {
  const can = usePrivileges(OBJECTS.branchSettings);
  if (!can.view) return <p className="card">You have no privilege to view the branch settings.</p>;
  return (
    <div className="stack">
      <header className="page-title">
        <h1>Branch Settings</h1>
      </header>
      <SettingsTabs
        label="Branch settings"
        tabs={MERCHANT_SETTINGS_TABS.map((header) => {
          const Content = CONTENT[header];
          return { header, render: (onEditingChange) => <Content onEditingChange={onEditingChange} /> };
        })}
      />
    </div>
  );
}
