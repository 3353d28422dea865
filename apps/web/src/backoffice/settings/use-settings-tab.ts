import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { BRANCH_SETTINGS_DEFAULTS, BRANCH_SETTINGS_PATHS, type BranchSettings } from '@tillpoint/contracts/branch-settings';
import { type ApiResult, api } from '../../shared/api';
import { getOrThrow } from '../../shared/query-client';
import { useCrud } from '../../shared/ui/use-crud';
import type { Draft } from '../../shared/ui/use-zod-form';

/**
 * A branch's settings as the tabs edit them. Each tab's save is an upsert on the branch, so a
 * branch whose settings were never saved edits its defaults like a saved record (id 0 until then).
 */
export type SettingsRecord = Omit<BranchSettings, 'id'> & { id: number };

const asRecord = (s: BranchSettings): SettingsRecord => ({ ...s, id: s.id ?? 0 });

export const branchSettingsKey = (branchId: number) => ['branchSettings', branchId] as const;

/** One read of the branch's settings, shared by the Order, EOD and Payment tabs. */
export function useBranchSettings(branchId: number) {
  return useQuery({
    queryKey: branchSettingsKey(branchId),
    queryFn: () => getOrThrow<BranchSettings>(BRANCH_SETTINGS_PATHS.byBranch(branchId)),
  });
}

type Options<S extends z.ZodType<FieldValues, FieldValues>> = {
  branchId: number;
  schema: S;
  /** The tab's own save, e.g. BRANCH_SETTINGS_PATHS.saveOrder(branchId); it writes only its fields. */
  path: string;
  toForm: (s: SettingsRecord) => Draft<z.input<S>>;
  onEditingChange: (editing: boolean) => void;
};

/**
 * The edit/save/cancel cycle of one settings tab over the shared copy: a save replaces the copy
 * every tab reads, so the next tab opened shows what was just saved.
 */
export function useSettingsTab<S extends z.ZodType<FieldValues, FieldValues>>({ branchId, schema, path, toForm, onEditingChange }: Options<S>) {
  const query = useBranchSettings(branchId);
  const queryClient = useQueryClient();
  const crud = useCrud<SettingsRecord, S>({
    base: BRANCH_SETTINGS_PATHS.base,
    schema,
    empty: toForm({ ...BRANCH_SETTINGS_DEFAULTS, id: 0, merchantBranchId: branchId }),
    toForm,
    send: async (values): Promise<ApiResult<SettingsRecord>> => {
      const r = await api.put<BranchSettings>(path, values);
      return r.ok ? { ...r, body: asRecord(r.body) } : r;
    },
    onChanged: (saved) => {
      if (saved) queryClient.setQueryData<BranchSettings>(branchSettingsKey(branchId), { ...saved, id: saved.id || null });
    },
    onCancelNew: () => {},
  });
  const { load, editing } = crud;
  const saved = query.data;

  // Show the server's copy when it arrives (load is a new function on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new copy from the server reloads the form
  useEffect(() => {
    if (saved) load(asRecord(saved));
  }, [saved]);

  useEffect(() => onEditingChange(editing), [editing, onEditingChange]);

  // Until the server's copy is in the form, the tab shows that it is loading, not the defaults.
  return { crud, loading: crud.record === null, failed: query.isError };
}
