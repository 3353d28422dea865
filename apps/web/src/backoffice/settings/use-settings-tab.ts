import { useEffect } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { BRANCH_SETTINGS_DEFAULTS, type BranchSettings } from '@tillpoint/contracts/branch-settings';
import { useCrud } from '../../shared/ui/use-crud';
import type { Draft } from '../../shared/ui/use-zod-form';
import { branchSettings } from './settings-api';

/**
 * A branch's settings as the tabs edit them. Each tab's save is an upsert on the branch, so a
 * branch whose settings were never saved edits its defaults like a saved record (id 0 until then).
 */
export type SettingsRecord = Omit<BranchSettings, 'id'> & { id: number };

type Options<S extends z.ZodType<FieldValues, FieldValues>> = {
  branchId: number;
  schema: S;
  /** The tab's own save, e.g. BRANCH_SETTINGS_PATHS.saveOrder(branchId); it writes only its fields. */
  path: string;
  toForm: (s: SettingsRecord) => Draft<z.input<S>>;
  onEditingChange: (editing: boolean) => void;
};

/**
 * One settings tab over the branch's one copy of its settings (read once for the Order, EOD and
 * Payment tabs): a save replaces the copy every tab reads, so the next tab opened shows it.
 */
export function useSettingsTab<S extends z.ZodType<FieldValues, FieldValues>>({ branchId, schema, path, toForm, onEditingChange }: Options<S>) {
  const crud = useCrud<SettingsRecord, S, BranchSettings>({
    area: branchSettings,
    source: branchSettings.source(branchId),
    fromServer: (s) => ({ ...s, id: s.id ?? 0 }),
    schema,
    empty: toForm({ ...BRANCH_SETTINGS_DEFAULTS, id: 0, merchantBranchId: branchId }),
    toForm,
    updatePath: path,
    onCancelNew: () => {},
  });
  const { editing } = crud;
  useEffect(() => onEditingChange(editing), [editing, onEditingChange]);
  // Until the server's copy is in the form, the tab shows that it is loading, not the defaults.
  return { crud, loading: crud.loading || crud.failed, failed: crud.failed };
}
