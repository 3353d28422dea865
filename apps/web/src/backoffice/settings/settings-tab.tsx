import { ADMIN_CAN } from '../../shared/privileges';

/** Settings are edited, never deleted: no Delete button on their tabs and forms. */
export const SETTINGS_CAN = { ...ADMIN_CAN, delete: false };

/** What every settings tab gets from BranchSettingsTabs. */
export type TabProps = {
  branchId: number;
  /** Tells the tabs when this one enters or leaves edit mode: only one edits at a time. */
  onEditingChange: (editing: boolean) => void;
};

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
