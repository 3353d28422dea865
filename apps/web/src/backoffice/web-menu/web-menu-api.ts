import { useQuery } from '@tanstack/react-query';
import { PATHS, resourcePaths } from '@tillpoint/contracts/api-paths';
import type { Device } from '@tillpoint/contracts/device';
import type { ProductGroup } from '@tillpoint/contracts/product-group';
import { type MenuSortType, TOP_LEVEL, WEB_MENU_PATHS, type WebMenu } from '@tillpoint/contracts/web-menu';
import { api } from '../../shared/api';
import { notify } from '../../shared/notify';
import { listQuery } from '../../shared/query-client';
import { area } from '../../shared/query-keys';

/** The web menu's API area (spec 2 §7): the generic resource calls plus the tree calls of WEB_MENU_PATHS. */
export const webMenus = area('webMenus', WEB_MENU_PATHS.base);
export const WEB_MENU_RESOURCE = resourcePaths(WEB_MENU_PATHS.base);
const productGroupPaths = resourcePaths(PATHS.productGroup.base);

/** A parent's children in the parent's order (the top level is -1). */
export const useChildren = (parentId: number) =>
  useQuery(listQuery<WebMenu>([...webMenus.keys.all, 'children', parentId], parentId === TOP_LEVEL ? WEB_MENU_PATHS.parents : WEB_MENU_PATHS.subMenus(parentId)));

/** Every menu that can hold items: where an item may be moved to. */
export const useMenusWithSubMenus = (enabled = true) => useQuery(listQuery<WebMenu>([...webMenus.keys.all, 'withSubMenus'], WEB_MENU_PATHS.withSubMenus, enabled));

/** Active product groups with their products (the option groups and 'Select Product' by Product Group). */
export const useGroupOptions = () => useQuery(listQuery<ProductGroup>(['productGroups', 'list', 'combo'], productGroupPaths.activeCombo));

/** The branch's kitchen printers: only devices of kind KITCHEN print an item's tickets. */
export const useKitchenPrinters = () => {
  const query = useQuery(listQuery<Device>(['devices', 'list', 'combo'], `${PATHS.device}status/active/combo`));
  return { ...query, data: query.data?.filter((d) => d.kind === 'KITCHEN') };
};

/** PUT item/add/{parentId}/{productId}/{mainGroupId}: the product as the menu's last item (position -1). */
export async function addItem(parentId: number, productId: number, mainGroupId = -1): Promise<WebMenu | null> {
  const r = await api.put<WebMenu>(WEB_MENU_PATHS.addItem(parentId, productId, mainGroupId));
  return notify(r) && r.ok ? r.body : null;
}

export type CardSorting = { id: number; name: string; menuDisplayNo: number | null; menuDisplayType?: MenuSortType | null };

/** PUT display: one card's sorting, or a whole level renumbered after a reorder. */
export async function saveDisplay(cards: CardSorting[], options: { quiet?: boolean } = {}): Promise<boolean> {
  const r = await api.put<WebMenu[]>(WEB_MENU_PATHS.display, cards);
  return notify(r, { suppressSuccess: options.quiet }) && r.ok;
}

/** PUT transfer: menus moved under another parent (-1 the top level); a cycle is refused by the server (409). */
export async function transfer(ids: number[], parentId: number): Promise<boolean> {
  const r = await api.put<WebMenu[]>(WEB_MENU_PATHS.transfer, { ids, parentId });
  return notify(r) && r.ok;
}
