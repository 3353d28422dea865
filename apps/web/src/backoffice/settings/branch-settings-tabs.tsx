import { TabPanel, TabView } from 'primereact/tabview';

/**
 * The settings tabs of an existing branch (spec 1 §2, merchant branch detail): Page Settings,
 * Order Settings, EOD Settings, Payment Integration Settings and Mail Settings. The branch page
 * mounts it only once the branch has an id.
 */
export function BranchSettingsTabs({ branchId }: { branchId: number }) {
  return (
    <section className="card branch-settings" aria-label="Branch settings" data-branch-id={branchId}>
      <TabView>
        <TabPanel header="Page Settings">Loading…</TabPanel>
        <TabPanel header="Order Settings">Loading…</TabPanel>
        <TabPanel header="EOD Settings">Loading…</TabPanel>
        <TabPanel header="Payment Integration Settings">Loading…</TabPanel>
        <TabPanel header="Mail Settings">Loading…</TabPanel>
      </TabView>
    </section>
  );
}
