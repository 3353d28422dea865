import { ADMIN_CAN } from '../../shared/privileges';

/** Settings are edited, never deleted: no Delete button on their tabs and forms. */
export const SETTINGS_CAN = { ...ADMIN_CAN, delete: false };

/** What every settings tab gets from BranchSettingsTabs. */
export type TabProps = {
  branchId: number;
  /** Tells the tabs when this one enters or leaves edit mode: only one edits at a time. */
  onEditingChange: (editing: boolean) => void;
};

export function SettingsLoading() {
  return (
    <p className="muted" role="status">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Loading…
    </p>
  );
}
