import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { BARCODE_MAX_DIGITS } from '@tillpoint/contracts/barcode';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { FILTER_DEBOUNCE_MS, type TableLoadRequest, type TableLoadResponse } from '@tillpoint/contracts/table-load';
import { TOP_LEVEL, type WebMenu } from '@tillpoint/contracts/web-menu';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { refreshArea } from '../../shared/query-keys';
import { ProductPicker } from '../../shared/ui/product-picker';
import { useBusy } from '../../shared/ui/use-busy';
import { WEB_MENU_RESOURCE, addItem, transfer, useGroupOptions, useMenusWithSubMenus, webMenus } from './web-menu-api';

export type MenuSearch = { barcode: string; hasImage: 'any' | 'yes' | 'no' };
export const NO_SEARCH: MenuSearch = { barcode: '', hasImage: 'any' };
const HAS_IMAGE_OPTIONS = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/**
 * 'Search Webmenu' (spec 2 §2): the menu's items narrowed by barcode and by whether they have an
 * image, through the table load (the server's allow-list names productBarcode and hasImage).
 * `null` while nothing is searched.
 */
export function useMenuSearch(parentId: number, search: MenuSearch) {
  const [barcode, setBarcode] = useState(search.barcode);
  useEffect(() => {
    const t = setTimeout(() => setBarcode(search.barcode.trim()), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search.barcode]);
  const active = barcode !== '' || search.hasImage !== 'any';
  const request: TableLoadRequest = {
    filter: [
      { name: 'parentId', value: parentId, filterMatchMode: 'equals' },
      ...(barcode ? [{ name: 'productBarcode', value: barcode, filterMatchMode: 'contains' as const }] : []),
      ...(search.hasImage !== 'any' ? [{ name: 'hasImage', value: search.hasImage, filterMatchMode: 'equals' as const }] : []),
    ],
    sort: [
      { name: 'menuDisplayNo', ascending: true },
      { name: 'name', ascending: true },
    ],
    pageNumber: 0,
    limit: 200,
  };
  const query = useQuery({
    queryKey: ['table', WEB_MENU_RESOURCE.all, request],
    queryFn: async () => {
      const r = await api.put<TableLoadResponse<WebMenu>>(WEB_MENU_RESOURCE.all, request);
      if (!notify(r, { suppressSuccess: true }) || !r.ok) throw new Error(`web menu search: ${r.status}`);
      return r.body;
    },
    enabled: active && parentId !== TOP_LEVEL,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return active ? (query.data ?? null) : null;
}

export function SearchPanel({ search, onChange, found }: { search: MenuSearch; onChange: (s: MenuSearch) => void; found: number | null }) {
  const id = useId();
  return (
    <section className="card web-menu-panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Search Webmenu</h2>
      <div className="web-menu-panel-fields">
        <div className="field">
          <label htmlFor={`${id}-barcode`}>Barcode</label>
          <InputText
            id={`${id}-barcode`}
            value={search.barcode}
            inputMode="numeric"
            maxLength={BARCODE_MAX_DIGITS}
            onChange={(e) => onChange({ ...search, barcode: e.target.value.replace(/\D/g, '') })}
            autoComplete="off"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-image`}>Has Image</label>
          <Dropdown inputId={`${id}-image`} value={search.hasImage} options={HAS_IMAGE_OPTIONS} onChange={(e) => onChange({ ...search, hasImage: e.value as MenuSearch['hasImage'] })} />
        </div>
      </div>
      {found !== null && (
        <div className="web-menu-found">
          <span className="muted">{found === 1 ? '1 item found' : `${found} items found`}</span>
          <Button type="button" label="Clear" icon="pi pi-filter-slash" size="small" text onClick={() => onChange(NO_SEARCH)} />
        </div>
      )}
    </section>
  );
}

/**
 * 'Select Product' (spec 2 §2): a product by barcode (Enter) or name (autocomplete), or a product
 * group then one of its products; each becomes the menu's last item (position -1), the group its
 * main group.
 */
export function AddItemPanel({ parentId }: { parentId: number }) {
  const id = useId();
  const queryClient = useQueryClient();
  const groups = useGroupOptions();
  const [groupId, setGroupId] = useState<number | null>(null);
  const group = groups.data?.find((g) => g.id === groupId);
  const added = () => refreshArea(queryClient, webMenus);

  return (
    <section className="card web-menu-panel web-menu-add" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Select Product</h2>
      <ProductPicker
        legend="Barcode or Name"
        onPick={async (p) => {
          if (await addItem(parentId, p.id)) added();
        }}
      />
      <fieldset className="product-picker">
        <legend className="field-label">Product Group</legend>
        <div className="field-grid">
          <div className="field">
            <label htmlFor={`${id}-group`}>Main Group</label>
            <Dropdown
              inputId={`${id}-group`}
              value={groupId}
              options={groups.data ?? []}
              optionLabel="name"
              optionValue="id"
              onChange={(e) => setGroupId((e.value as number | null) ?? null)}
              loading={groups.isPending}
              filter={(groups.data?.length ?? 0) > 8}
              placeholder="Select"
              emptyMessage={MESSAGES.noRecords}
              className="w-full"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-product`}>Group Product</label>
            <Dropdown
              inputId={`${id}-product`}
              value={null}
              options={group?.products ?? []}
              optionLabel="name"
              optionValue="id"
              disabled={!group}
              onChange={async (e) => {
                if (group && typeof e.value === 'number' && (await addItem(parentId, e.value, group.id))) added();
              }}
              filter={(group?.products.length ?? 0) > 8}
              placeholder={group ? 'Pick to add' : 'Choose a group first'}
              emptyMessage={MESSAGES.noRecords}
              className="w-full"
            />
          </div>
        </div>
      </fieldset>
    </section>
  );
}

/** Moves a menu or item under another menu (or the top level); the server refuses a menu's own descendants. */
export function MoveDialog({ menu, onClose }: { menu: WebMenu | null; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const targets = useMenusWithSubMenus(menu !== null);
  const [target, setTarget] = useState<number | null>(null);
  const [busy, run] = useBusy();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new menu to move starts with no choice
  useEffect(() => setTarget(null), [menu?.id]);
  const options = [{ id: TOP_LEVEL, name: 'Top level' }, ...(targets.data ?? []).filter((m) => m.id !== menu?.id).map((m) => ({ id: m.id, name: m.name }))].filter(
    (o) => o.id !== menu?.parentId,
  );
  const move = async () => {
    if (!menu || target === null) return;
    if (!(await run(transfer([menu.id], target)))) return;
    refreshArea(queryClient, webMenus);
    onClose();
  };
  return (
    <Dialog
      header={menu ? `Move ${menu.name}` : 'Move'}
      visible={menu !== null}
      onHide={onClose}
      style={{ width: '28rem' }}
      breakpoints={{ '640px': '100vw' }}
      draggable={false}
      footer={
        <div className="toolbar">
          <Button type="button" label="Move" icon="pi pi-check" size="small" loading={busy} disabled={target === null} onClick={() => void move()} />
          <Button type="button" label="Cancel" size="small" text severity="secondary" onClick={onClose} />
        </div>
      }
    >
      <div className="field">
        <label htmlFor={`${id}-target`}>New Parent</label>
        <Dropdown
          inputId={`${id}-target`}
          value={target}
          options={options}
          optionLabel="name"
          optionValue="id"
          onChange={(e) => setTarget((e.value as number | null) ?? null)}
          loading={targets.isPending}
          filter={options.length > 8}
          placeholder="Select"
          emptyMessage={MESSAGES.noRecords}
          className="w-full"
        />
      </div>
      <p className="muted web-menu-move-hint">It goes to the end of the menu it moves to.</p>
    </Dialog>
  );
}
