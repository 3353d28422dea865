import { type DragEvent, useEffect, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { type MenuSortType, type WebMenu, webMenuDisplayItemSchema } from '@tillpoint/contracts/web-menu';
import { warn } from '../../shared/toast-bus';
import { useStoredImage } from '../../shared/ui/image-field';
import { useBusy } from '../../shared/ui/use-busy';
import { WEB_MENU_RESOURCE, saveDisplay } from './web-menu-api';

/** The two submenu sortings in words (the contract's MENU_SORT_TYPES): by sorting number then name, or by name. */
export const SORT_OPTIONS: { value: MenuSortType; label: string }[] = [
  { value: 'DISPLAY_NUMBER', label: 'By number' },
  { value: 'NAME', label: 'By name' },
];

type Props = {
  menu: WebMenu;
  /** Its place among the cards on show, and how many there are (for the up/down buttons). */
  index: number;
  count: number;
  /** WebMenu Add: editable name and sorting, Save, Details and SubMenu (spec 2 §6). */
  canAdd: boolean;
  /** WebMenu Create: moving to another parent (PUT transfer). */
  canMove: boolean;
  /** The level sorts by sorting number, so the cards may be reordered (and their number shows). */
  reorderable: boolean;
  onDrill: (menu: WebMenu) => void;
  onDetails: (menu: WebMenu) => void;
  onShift: (from: number, to: number) => void;
  onMove: (menu: WebMenu) => void;
  onSaved: () => void;
  drag: {
    over: boolean;
    onDragStart: (e: DragEvent, index: number) => void;
    onDragOver: (e: DragEvent, index: number) => void;
    onDrop: (e: DragEvent, index: number) => void;
    onDragEnd: () => void;
  };
};

/** The card's picture: the menu's own web image, else its product's; nothing to fetch when there is none. */
function CardImage({ menu }: { menu: WebMenu }) {
  const own = menu.fileName !== null;
  const path = own ? WEB_MENU_RESOURCE.imageDownload(menu.id, 'WEB') : menu.productId !== null && menu.productFileType ? PATHS.product.imageDownload(menu.productId, 'WEB') : null;
  const src = useStoredImage(path, path === null ? null : own ? (menu.fileName ?? '') : `product-${menu.productId}`);
  return (
    <div className="web-menu-card-image" aria-hidden="true">
      {src ? <img src={src} alt="" /> : <i className={`web-menu-card-icon pi ${menu.hasSubMenu ? 'pi-folder' : 'pi-box'}`} />}
    </div>
  );
}

/**
 * One menu or item of the list (spec 2 §2 Web menu list): its name, sorting number (when the
 * parent sorts by number), submenu sorting (menus only), Save, Details and SubMenu; up, down and
 * a drag handle to reorder, Move to put it under another menu.
 */
export function WebMenuCard({ menu, index, count, canAdd, canMove, reorderable, onDrill, onDetails, onShift, onMove, onSaved, drag }: Props) {
  const id = useId();
  const [name, setName] = useState(menu.name);
  const [number, setNumber] = useState(String(menu.menuDisplayNo));
  const [sort, setSort] = useState<MenuSortType>(menu.menuDisplayType);
  const [busy, run] = useBusy();
  // A new copy from the server shows what changed in it (a reorder renumbers, and leaves a name being typed alone).
  useEffect(() => setName(menu.name), [menu.name]);
  useEffect(() => setNumber(String(menu.menuDisplayNo)), [menu.menuDisplayNo]);
  useEffect(() => setSort(menu.menuDisplayType), [menu.menuDisplayType]);

  const save = async () => {
    const checked = webMenuDisplayItemSchema.safeParse({
      id: menu.id,
      name,
      menuDisplayNo: number.trim() === '' ? null : Number(number),
      menuDisplayType: menu.hasSubMenu ? sort : null,
    });
    if (!checked.success) return warn(checked.error.issues[0]?.message ?? '');
    if (await run(saveDisplay([checked.data]))) onSaved();
  };

  const passive = menu.status === 'PASSIVE';
  return (
    <article
      className={`web-menu-card${passive ? ' is-passive' : ''}${drag.over ? ' is-drop-target' : ''}`}
      aria-label={menu.name}
      onDragOver={reorderable ? (e) => drag.onDragOver(e, index) : undefined}
      onDrop={reorderable ? (e) => drag.onDrop(e, index) : undefined}
    >
      <div className="web-menu-card-head">
        <div className="web-menu-badges">
          <span className={`web-menu-badge ${menu.hasSubMenu ? 'badge-menu' : 'badge-item'}`}>{menu.hasSubMenu ? 'Menu' : 'Item'}</span>
          {passive && <span className="web-menu-badge badge-passive">PASSIVE</span>}
          {!menu.webEnabled && <span className="web-menu-badge badge-off">Not on web</span>}
        </div>
        <div className="web-menu-card-tools">
          {reorderable && canAdd && (
            <>
              <Button type="button" icon="pi pi-arrow-up" size="small" text rounded aria-label={`Move ${menu.name} up`} title="Move up" disabled={index === 0} onClick={() => onShift(index, index - 1)} />
              <Button
                type="button"
                icon="pi pi-arrow-down"
                size="small"
                text
                rounded
                aria-label={`Move ${menu.name} down`}
                title="Move down"
                disabled={index === count - 1}
                onClick={() => onShift(index, index + 1)}
              />
            </>
          )}
          {canMove && (
            <Button type="button" icon="pi pi-arrow-right-arrow-left" size="small" text rounded aria-label={`Move ${menu.name} to another menu`} title="Move to another menu" onClick={() => onMove(menu)} />
          )}
        </div>
      </div>
      <div className={reorderable && canAdd ? 'web-menu-card-top with-handle' : 'web-menu-card-top'}>
        {reorderable && canAdd && (
          <span
            className="web-menu-drag"
            draggable
            title="Drag to reorder"
            aria-hidden="true"
            onDragStart={(e) => drag.onDragStart(e, index)}
            onDragEnd={drag.onDragEnd}
          >
            <i className="pi pi-bars" />
          </span>
        )}
        <CardImage menu={menu} />
        <div className="web-menu-card-title">
          {canAdd ? (
            <>
              <label htmlFor={`${id}-name`} className="sr-only">
                Name
              </label>
              <InputText id={`${id}-name`} value={name} maxLength={255} onChange={(e) => setName(e.target.value)} className="web-menu-name" autoComplete="off" />
            </>
          ) : (
            <h3 className="web-menu-name-text">{menu.name}</h3>
          )}
          {menu.productId !== null && (
            <small className="muted web-menu-product" title={`${menu.productBarcode} · ${menu.productName}`}>
              {menu.productBarcode} · {menu.productName}
            </small>
          )}
        </div>
      </div>
      {canAdd && (reorderable || menu.hasSubMenu) && (
        <div className="web-menu-card-fields">
          {reorderable && (
            <div className="field">
              <label htmlFor={`${id}-no`}>Sorting Number</label>
              <InputText id={`${id}-no`} value={number} inputMode="numeric" onChange={(e) => setNumber(e.target.value.replace(/\D/g, ''))} autoComplete="off" />
            </div>
          )}
          {menu.hasSubMenu && (
            <div className="field">
              <label htmlFor={`${id}-sort`}>Submenu Sorting</label>
              <Dropdown inputId={`${id}-sort`} value={sort} options={SORT_OPTIONS} onChange={(e) => setSort(e.value as MenuSortType)} className="w-full" />
            </div>
          )}
        </div>
      )}
      {canAdd && (
        <div className="web-menu-card-actions">
          <Button type="button" label="Save" icon="pi pi-check" size="small" loading={busy} onClick={() => void save()} />
          <Button type="button" label="Details" icon="pi pi-pencil" size="small" outlined onClick={() => onDetails(menu)} />
          {menu.hasSubMenu && <Button type="button" label="SubMenu" icon="pi pi-folder-open" size="small" outlined onClick={() => onDrill(menu)} />}
        </div>
      )}
    </article>
  );
}
