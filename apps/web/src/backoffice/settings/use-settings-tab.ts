import { useEffect } from 'react';
import type { QueryKey } from '@tanstack/react-query';
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
export type Saved<W extends { id: number | null }> = Omit<W, 'id'> & { id: number };
export type SettingsRecord = Saved<BranchSettings>;

type Schema = z.ZodType<FieldValues, FieldValues>;

type SourceOptions<W extends { id: number | null }, S extends Schema> = {
  /** Where the settings are read (one copy for every tab of the screen) and the query key they are kept under. */
  source: { key: QueryKey; path: string };
  /** What the tabs show before the first save; the server's copy replaces it as soon as it arrives. */
  defaults: W;
  schema: S;
  /** The tab's own save; it writes only its fields and replies with the whole settings. */
  path: string;
  toForm: (s: Saved<W>) => Draft<z.input<S>>;
  onEditingChange: (editing: boolean) => void;
};

/**
 * One settings tab over one copy of a branch's settings, read once for all the tabs of a screen (the
 * administrator's or the merchant's): a save replaces the copy every tab reads, so the next tab
 * opened shows it.
 */
export function useBranchSettingsTab<W extends { id: number | null }, S extends Schema>({ source, defaults, schema, path, toForm, onEditingChange }: SourceOptions<W, S>) {
  const crud = useCrud<Saved<W>, S, W>({
    area: branchSettings,
    source,
    fromServer: (s) => ({ ...s, id: s.id ?? 0 }),
    schema,
    empty: toForm({ ...defaults, id: 0 }),
    toForm,
    updatePath: path,
    onCancelNew: () => {},
  });
  const { editing } = crud;
  useEffect(() => onEditingChange(editing), [editing, onEditingChange]);
  // Until the server's copy is in the form, the tab shows that it is loading, not the defaults.
  return { crud, loading: crud.loading || crud.failed, failed: crud.failed };
}

type Options<S extends Schema> = Omit<SourceOptions<BranchSettings, S>, 'source' | 'defaults'> & { branchId: number };

/** An administrator's tab of a branch's settings (spec 1 §2): Order, EOD and Payment. */
export function useSettingsTab<S extends Schema>({ branchId, ...rest }: Options<S>) {
  return useBranchSettingsTab<BranchSettings, S>({
    ...rest,
    source: branchSettings.source(branchId),
    defaults: { ...BRANCH_SETTINGS_DEFAULTS, id: null, merchantBranchId: branchId },
  });
}
