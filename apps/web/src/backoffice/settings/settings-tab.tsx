import { type ReactNode, useState } from 'react';
import { TabPanel, TabView } from 'primereact/tabview';
import { ADMIN_CAN } from '../../shared/privileges';

/** Settings are edited, never deleted: no Delete button on their tabs and forms. */
export const SETTINGS_CAN = { ...ADMIN_CAN, delete: false };

/** What every settings tab gets from BranchSettingsTabs. */
export type TabProps = {
  branchId: number;
  /** Tells the tabs when this one enters or leaves edit mode: only one edits at a time. */
  onEditingChange: (editing: boolean) => void;
};

/** One tab of SettingsTabs: its header and its content, given the callback that reports its edit mode. */
export type SettingsTabDef = { header: string; render: (onEditingChange: (editing: boolean) => void) => ReactNode };

/**
 * Tabs of settings, each with its own Edit/Save/Cancel (spec 1 §2, spec 2 §2). One tab edits at a
 * time: while it does, the other tabs are locked, so no input is left half-done behind a tab.
 */
export function SettingsTabs({ label, tabs }: { label: string; tabs: SettingsTabDef[] }) {
  const [active, setActive] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  // One stable callback per tab, so a tab's effect that reports its mode runs only when the mode changes.
  const [reporters] = useState(() => tabs.map((_, i) => (on: boolean) => setEditing((e) => (on ? i : e === i ? null : e))));
  return (
    <section className="card branch-settings" aria-label={label}>
      <TabView activeIndex={active} onTabChange={(e) => editing === null && setActive(e.index)} scrollable>
        {tabs.map((tab, i) => (
          <TabPanel key={tab.header} header={tab.header} disabled={editing !== null && editing !== i}>
            {tab.render(reporters[i])}
          </TabPanel>
        ))}
      </TabView>
    </section>
  );
}

/** While a tab's settings load; if they could not be (the toast said why), it says so instead of spinning. */
export function SettingsLoading({ failed = false }: { failed?: boolean }) {
  if (failed) {
    return (
      <p className="muted" role="status">
        <i className="pi pi-exclamation-circle" aria-hidden="true" /> The settings could not be loaded. Reload the page to try again.
      </p>
    );
  }
  return (
    <p className="muted" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading…
    </p>
  );
}
