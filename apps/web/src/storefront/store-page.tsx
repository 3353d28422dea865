import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ADDRESS_MESSAGES, ADDRESS_PATHS } from '@tillpoint/contracts/address-paths';
import { BASKET_MESSAGES, type StorefrontOrderType } from '@tillpoint/contracts/basket-paths';
import { MENU_SEARCH_MIN, TOP_LEVEL, WEB_MENU_MEMBER_PATHS } from '@tillpoint/contracts/web-menu-paths';
import type { Serviceability } from '@tillpoint/contracts/address-lookup';
import type { ChosenOption } from '@tillpoint/contracts/basket';
import type { MemberMenuItem, SetMenuItemDetails } from '@tillpoint/contracts/web-menu';
import { api } from '../shared/api';
import { formatMoney } from '../shared/format';
import { notify } from '../shared/notify';
import { SubmitForm } from '../shared/ui/submit-form';
import { BasketPanel } from './basket-panel';
import { addToBasket, ageConfirmed, confirmAge, loadBasket, useBasket } from './basket-store';
import { Dialog } from './dialog';
import { FavouriteButton, type OpenedFavourite, useOpenedFavourite } from './favourite-button';
import { ItemDialog } from './item-dialog';
import { SearchIcon } from './marketplace-page';
import { navigate } from './router';
import { type StoreData, type TopMenu, canOrder, defaultOrderType, getOnce, imageUrl, offeredOrderTypes } from './store-data';
import { STORE_KEYS, readBasketId, readKey, readOrderType, readTableNo, writeKey } from './storefront-storage';
import { toast } from './toast';

/**
 * The store menu page (spec 3 §2.2): header card, order types (§4.4), the Delivery postcode check
 * (§4.5, §5.2), product search, shortcut cards, breadcrumb, the list (Template1) or grid (Template2),
 * the item dialog, the basket panel and, on a phone, the 'View Your Order' bar.
 */
type Crumb = { id: number; name: string };
const HOME: Crumb = { id: TOP_LEVEL, name: 'Home' };
/** Category cards whose images load with the page rather than when scrolled to: the first row on a wide screen. */
const EAGER_CATEGORY_IMAGES = 4;

/** menu: the top level as the shell loaded it with the store (null: the page asks for it). */
export function StorePage({ store, menu }: { store: StoreData; menu: TopMenu | null }) {
  const { branchId, info, settings, licences } = store;
  const ordering = canOrder(licences);
  const closed = !info.open || settings.storeClosed;
  const tableNo = readTableNo();
  const offered = useMemo(() => offeredOrderTypes(licences, settings), [licences, settings]);
  const [orderType, setType] = useState<StorefrontOrderType | null>(() => defaultOrderType(offered, tableNo, readOrderType()));
  const [postcode, setPostcode] = useState(() => readKey(STORE_KEYS.postCode) ?? '');
  const [serviceable, setServiceable] = useState<boolean | null>(null);
  const [path, setPath] = useState<Crumb[]>([HOME]);
  const [items, setItems] = useState<MemberMenuItem[] | null>(menu?.items ?? null);
  const [shortcuts, setShortcuts] = useState<MemberMenuItem[]>(menu?.shortcuts ?? []);
  // Which level the items shown are of, so the level handed in is not asked for again on mounting.
  const itemsOf = useRef<number | null>(menu ? TOP_LEVEL : null);
  const [subCategories, setSubCategories] = useState<MemberMenuItem[]>([]);
  const [text, setText] = useState('');
  const [results, setResults] = useState<MemberMenuItem[] | null>(null);
  const [open, setOpen] = useState<{ item: MemberMenuItem; details: SetMenuItemDetails | null } | null>(null);
  const [ageAsk, setAgeAsk] = useState<((yes: boolean) => void) | null>(null);
  const [sheet, setSheet] = useState(false);
  const { basket } = useBasket();
  const parent = path[path.length - 1];
  const menuTop = useRef<HTMLDivElement>(null);
  const favourite = useOpenedFavourite(branchId);

  useEffect(() => {
    document.title = `${info.tradingName} · Order online`;
  }, [info.tradingName]);

  // The chosen type is kept (spec 3 §4.4) and the basket follows it; without an ordering licence the menu is view-only.
  useEffect(() => {
    if (orderType) writeKey(STORE_KEYS.orderType, orderType);
    if (ordering && orderType) void loadBasket(branchId, orderType, tableNo);
  }, [branchId, orderType, ordering, tableNo]);

  // A stored postcode is checked again on arrival, so the Delivery state is never a stale guess.
  const checkPostcode = useCallback(
    async (value: string, quiet = false) => {
      const pc = value.trim();
      if (!pc) {
        setServiceable(null);
        if (!quiet) toast('warn', ADDRESS_MESSAGES.selectPostcode);
        return;
      }
      const r = await api.get<Serviceability>(ADDRESS_PATHS.serviceable(branchId, pc));
      if (!r.ok) {
        setServiceable(null);
        if (!quiet) notify(r, { suppressSuccess: true });
        return;
      }
      setServiceable(r.body.serviceable);
      setPostcode(r.body.postCode);
      writeKey(STORE_KEYS.postCode, r.body.serviceable ? r.body.postCode : null);
      if (!quiet) {
        if (r.body.serviceable) toast('success', `We deliver to ${r.body.postCode}.`);
        else toast('warn', r.body.message ?? ADDRESS_MESSAGES.notServiceable);
      }
    },
    [branchId],
  );
  useEffect(() => {
    const stored = readKey(STORE_KEYS.postCode);
    if (stored && orderType === 'Delivery') void checkPostcode(stored, true);
  }, [checkPostcode, orderType]);

  // The shortcuts handed in are this store's (the shell keys the page by its store).
  const shortcutsHanded = menu !== null;
  useEffect(() => {
    if (shortcutsHanded) return;
    void getOnce<MemberMenuItem[]>(WEB_MENU_MEMBER_PATHS.shortcuts(branchId)).then((r) => r.ok && setShortcuts(r.body));
  }, [branchId, shortcutsHanded]);
  useEffect(() => {
    setSubCategories([]);
    if (parent.id === TOP_LEVEL) return;
    // A category's own categories (Drinks: Hot Drinks, Soft Drinks, …) come from its shortcuts.
    void api.get<MemberMenuItem[]>(WEB_MENU_MEMBER_PATHS.subShortcuts(branchId, parent.id)).then((r) => r.ok && setSubCategories(r.body));
  }, [branchId, parent.id]);
  useEffect(() => {
    if (itemsOf.current === parent.id) return;
    itemsOf.current = parent.id;
    setItems(null);
    void getOnce<MemberMenuItem[]>(WEB_MENU_MEMBER_PATHS.items(branchId, parent.id)).then((r) => {
      if (r.ok) setItems(r.body);
      else notify(r, { suppressSuccess: true });
    });
  }, [branchId, parent.id]);

  // Product search: more than 3 characters, 250 ms after the last key (spec 3 §5.2); shorter restores the menu.
  useEffect(() => {
    const q = text.trim();
    if (q.length < MENU_SEARCH_MIN) {
      setResults(null);
      return;
    }
    const ctl = new AbortController();
    const t = setTimeout(() => {
      void api.get<MemberMenuItem[]>(WEB_MENU_MEMBER_PATHS.search(branchId, q), { signal: ctl.signal }).then((r) => r.ok && setResults(r.body));
    }, 250);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [branchId, text]);

  const enter = (c: MemberMenuItem) => {
    setText('');
    setPath((p) => (c.parentId === TOP_LEVEL ? [HOME, { id: c.id, name: c.name }] : [...p, { id: c.id, name: c.name }]));
    menuTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const goTo = (index: number) => setPath((p) => p.slice(0, index + 1));

  const chooseType = (t: StorefrontOrderType) => {
    if (t === orderType) return;
    // Changing the type resets the postcode and its serviceable state (spec 3 §4.4).
    setServiceable(null);
    setPostcode('');
    writeKey(STORE_KEYS.postCode, null);
    // The effect above stores the type and loads the basket priced for it.
    setType(t);
  };

  /** The checks before an item goes in (spec 3 §4.5, §4.6, §5.2), then the age question when the item needs it. */
  const canAdd = (): boolean => {
    if (closed) {
      toast('warn', BASKET_MESSAGES.storeClosed);
      return false;
    }
    if (orderType === 'Delivery') {
      if (!postcode.trim() || serviceable === null) {
        toast('warn', ADDRESS_MESSAGES.selectPostcode);
        document.getElementById('sf-postcode')?.focus();
        return false;
      }
      if (!serviceable) {
        toast('warn', ADDRESS_MESSAGES.notServiceable);
        return false;
      }
    }
    return true;
  };
  const add = async (item: MemberMenuItem, quantity: number, extraNotes: string | null, options: ChosenOption[], setMenu: boolean): Promise<boolean> => {
    if (!canAdd()) return false;
    const put = () => addToBasket({ webMenuBssId: item.id, quantity, extraNotes, options, setMenu });
    if (item.ageRestricted && !(await ageConfirmed())) {
      // The question waits for the customer; OK records it on the basket and adds the item.
      return new Promise<boolean>((resolve) => {
        setAgeAsk(() => async (yes: boolean) => {
          setAgeAsk(null);
          if (!yes) return resolve(false);
          resolve((await confirmAge()) && (await put()));
        });
      });
    }
    return put();
  };

  const openItem = async (item: MemberMenuItem) => {
    if (item.hasSubMenu) return enter(item);
    if (!item.hasOptions) return setOpen({ item, details: null });
    const r = await api.get<SetMenuItemDetails>(WEB_MENU_MEMBER_PATHS.setMenuItemDetails(item.id));
    if (r.ok) setOpen({ item, details: r.body });
    else notify(r, { suppressSuccess: true });
  };

  const quickAdd = async (item: MemberMenuItem) => {
    if (await add(item, 1, null, [], false)) toast('success', `${item.name} added to your order`);
  };

  const checkout = () => {
    const bssId = readBasketId(branchId);
    if (!bssId) return;
    navigate(`/login?${bssId}`);
  };

  const showing = results ?? items;
  // The top level lists its categories through the shortcuts when the menu call has only items there.
  const menuCategories = (results ? [] : (showing ?? [])).filter((i) => i.hasSubMenu);
  const inherited = parent.id === TOP_LEVEL ? shortcuts : subCategories;
  const categories = results ? [] : [...menuCategories, ...inherited.filter((c) => !menuCategories.some((m) => m.id === c.id))];
  const products = (showing ?? []).filter((i) => !i.hasSubMenu);
  const grid = info.menuDisplayTemplate === 'Template2';
  const count = basket?.itemCount ?? 0;
  const searching = text.trim().length >= MENU_SEARCH_MIN;

  return (
    <div className="sf-store" style={{ ['--sf-accent' as string]: info.menuBorderColor }}>
      <div className="sf-store-layout">
        <div className="sf-store-content">
          <StoreCard store={store} closed={closed} favourite={favourite} />
          {ordering && offered.length > 0 && (
            <section className="sf-order-setup" aria-label="How would you like your order?">
              <fieldset className="sf-segment">
                <legend className="sf-sr-only">Order type</legend>
                {offered.map((t) => (
                  <button key={t} type="button" className={t === orderType ? 'sf-segment-on' : ''} aria-pressed={t === orderType} onClick={() => chooseType(t)}>
                    {t === 'Table Order' && tableNo ? `Table ${tableNo}` : t}
                  </button>
                ))}
              </fieldset>
              {orderType === 'Delivery' && (
                <SubmitForm className="sf-postcode" onSubmit={() => checkPostcode(postcode)}>
                  <label htmlFor="sf-postcode" className="sf-postcode-label">
                    Delivering to
                  </label>
                  <div className="sf-postcode-row">
                    <input
                      id="sf-postcode"
                      value={postcode}
                      onChange={(e) => {
                        setPostcode(e.target.value.toUpperCase());
                        setServiceable(null);
                      }}
                      placeholder="Enter your postcode"
                      autoComplete="postal-code"
                      maxLength={10}
                    />
                    <button type="submit" className="sf-button sf-button-dark">
                      Search
                    </button>
                  </div>
                  {serviceable === true && <p className="sf-postcode-ok">✓ We deliver to {postcode}</p>}
                  {serviceable === false && <p className="sf-postcode-no">{ADDRESS_MESSAGES.notServiceable}</p>}
                </SubmitForm>
              )}
            </section>
          )}
          <div className="sf-search" ref={menuTop}>
            <label htmlFor="sf-product-search" className="sf-sr-only">
              Search the menu
            </label>
            <SearchIcon />
            <input id="sf-product-search" type="search" placeholder={`Search ${info.tradingName}`} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
          </div>
          {!searching && shortcuts.length > 0 && (
            <nav className="sf-shortcuts" aria-label="Categories">
              {shortcuts.map((s) => (
                <button key={s.id} type="button" className={path.some((p) => p.id === s.id) ? 'sf-shortcut sf-shortcut-on' : 'sf-shortcut'} onClick={() => enter(s)}>
                  {s.imageUrl ? <img src={s.imageUrl} alt="" width={44} height={44} loading="lazy" /> : <span className="sf-shortcut-letter">{s.name.slice(0, 1)}</span>}
                  <span>{s.name}</span>
                </button>
              ))}
            </nav>
          )}
          {!searching && (
            <nav className="sf-breadcrumb" aria-label="Breadcrumb">
              {path.length > 1 && (
                <button type="button" className="sf-back" aria-label="Back" onClick={() => goTo(path.length - 2)}>
                  ←
                </button>
              )}
              <ol>
                {path.map((c, i) => (
                  <li key={c.id}>
                    {i < path.length - 1 ? (
                      <button type="button" className="sf-link-button" onClick={() => goTo(i)}>
                        {c.name}
                      </button>
                    ) : (
                      <span aria-current="page">{c.name}</span>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <h1 className="sf-section-title">{searching ? `Results for “${text.trim()}”` : parent.id === TOP_LEVEL ? 'Menu' : parent.name}</h1>
          {showing === null ? (
            <ul className={grid ? 'sf-items sf-items-grid' : 'sf-items'} aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <li key={i} className="sf-item sf-skeleton" />
              ))}
            </ul>
          ) : (
            <>
              {categories.length > 0 && (
                <ul className="sf-categories">
                  {categories.map((c, i) => (
                    <li key={c.id}>
                      <button type="button" className="sf-category" onClick={() => enter(c)}>
                        {c.imageUrl ? (
                          // The first row is on screen when the page opens (its largest paint): fetched at once, the first one first.
                          <img src={c.imageUrl} alt="" width={96} height={72} loading={i < EAGER_CATEGORY_IMAGES ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : 'auto'} />
                        ) : (
                          <span className="sf-category-art" aria-hidden="true" />
                        )}
                        <span className="sf-category-name">{c.name}</span>
                        {c.subTitle && <span className="sf-category-sub">{c.subTitle}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              {products.length > 0 ? (
                <ul className={grid ? 'sf-items sf-items-grid' : 'sf-items'}>
                  {products.map((item) => (
                    <li key={item.id}>
                      <ItemCard item={item} grid={grid} canAdd={ordering && !closed} onOpen={() => void openItem(item)} onQuickAdd={() => void quickAdd(item)} />
                    </li>
                  ))}
                </ul>
              ) : (
                categories.length === 0 && <p className="sf-empty">{searching ? 'No items match your search.' : 'Nothing here yet.'}</p>
              )}
            </>
          )}
        </div>
        {ordering && (
          <aside className="sf-store-basket" aria-label="Your Order">
            <BasketPanel mode="create" closed={closed} onCheckout={checkout} />
          </aside>
        )}
      </div>
      {ordering && count > 0 && (
        <div className="sf-order-bar">
          <button type="button" className="sf-order-bar-button" onClick={() => setSheet(true)}>
            <span className="sf-order-bar-count">{count}</span>
            <span>View Your Order</span>
            <span>{basket?.totalPriceString}</span>
          </button>
        </div>
      )}
      {sheet && (
        <Dialog title="Your Order" onClose={() => setSheet(false)} className="sf-sheet">
          <BasketPanel
            mode="create"
            closed={closed}
            hideHeading
            onCheckout={() => {
              setSheet(false);
              checkout();
            }}
          />
        </Dialog>
      )}
      {open && (
        <ItemDialog
          item={open.item}
          details={open.details}
          canAdd={ordering && !closed}
          onClose={() => setOpen(null)}
          onAdd={async (quantity, notes, options) => {
            const ok = await add(open.item, quantity, notes, options, open.details !== null);
            if (ok) {
              setOpen(null);
              toast('success', `${open.item.name} added to your order`);
            }
          }}
        />
      )}
      {ageAsk && (
        <Dialog
          title="Age check"
          onClose={() => ageAsk(false)}
          className="sf-confirm"
          footer={
            <>
              <button type="button" className="sf-button sf-button-ghost" onClick={() => ageAsk(false)}>
                Cancel
              </button>
              <button type="button" className="sf-button sf-button-primary" onClick={() => ageAsk(true)}>
                OK
              </button>
            </>
          }
        >
          <p>{BASKET_MESSAGES.ageQuestion}</p>
        </Dialog>
      )}
    </div>
  );
}

/** The store header card (spec 3 §2.2): logo, name, open or closed message, address, delivery times, e-mail when shown; a member's favourite heart. */
function StoreCard({ store, closed, favourite }: { store: StoreData; closed: boolean; favourite: OpenedFavourite }) {
  const { info, branchId } = store;
  const min = info.minimumDeliveryDeliveryDuration;
  const max = info.maximumDeliveryDeliveryDuration;
  const duration = min !== null && max !== null ? `${min}–${max} min` : min !== null ? `from ${min} min` : max !== null ? `up to ${max} min` : null;
  return (
    <section className="sf-store-card-head" aria-label="Store">
      {info.hasLogo ? (
        <img className="sf-store-head-logo" src={imageUrl(branchId, 'LOGO')} alt={`${info.tradingName} logo`} width={72} height={72} />
      ) : (
        <span className="sf-store-head-logo sf-store-logo-letter" aria-hidden="true">
          {info.tradingName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="sf-store-head-text">
        <h1 className="sf-store-head-name">{info.tradingName}</h1>
        <p className={closed ? 'sf-store-state sf-closed' : 'sf-store-state sf-open'}>
          <span className="sf-dot" aria-hidden="true" />
          {info.storeOpenOrCloseMessageText}
        </p>
        <ul className="sf-store-facts">
          {info.addressText && <li>{info.addressText}</li>}
          {duration && <li>Delivery {duration}</li>}
          {info.contactEmail && (
            <li>
              <a href={`mailto:${info.contactEmail}`}>{info.contactEmail}</a>
            </li>
          )}
        </ul>
      </div>
      {favourite.signedIn && (
        <FavouriteButton branchId={branchId} tradingName={info.tradingName} favorite={favourite.favorite} onChange={favourite.setFavorite} className="sf-fav-head" />
      )}
    </section>
  );
}

const priceOf = (item: MemberMenuItem) => (item.price === null ? '' : `${formatMoney(item.price)}${item.weighable ? ` / ${item.unit ?? 'kg'}` : ''}`);

function ItemCard({ item, grid, canAdd, onOpen, onQuickAdd }: { item: MemberMenuItem; grid: boolean; canAdd: boolean; onOpen: () => void; onQuickAdd: () => void }) {
  const tags = [item.tag1Name, item.tag2Name, item.tag3Name, item.tag4Name, item.tag5Name].filter((t): t is string => !!t);
  const quick = canAdd && !item.hasOptions && !item.weighable;
  return (
    <div className={grid ? 'sf-item sf-item-tile' : 'sf-item'}>
      <button type="button" className="sf-item-open" onClick={onOpen} aria-label={`${item.name}${item.price !== null ? `, ${priceOf(item)}` : ''}`}>
        <span className="sf-item-text">
          <span className="sf-item-name">{item.name}</span>
          {(item.subTitle || item.description) && <span className="sf-item-desc">{item.subTitle || item.description}</span>}
          <span className="sf-item-meta">
            {item.oldPrice !== null && item.price !== null && item.oldPrice > item.price && <s className="sf-item-old">{formatMoney(item.oldPrice)}</s>}
            <span className="sf-item-price">{priceOf(item)}</span>
            {item.ageRestricted && <span className="sf-tag sf-tag-age">18+</span>}
            {tags.map((t) => (
              <span key={t} className="sf-tag">
                {t}
              </span>
            ))}
          </span>
        </span>
        <span className="sf-item-photo">{item.imageUrl && <img src={item.imageUrl} alt="" width={grid ? 320 : 112} height={grid ? 200 : 112} loading="lazy" />}</span>
      </button>
      {quick && (
        <button type="button" className="sf-item-add" aria-label={`Add ${item.name}`} onClick={onQuickAdd}>
          +
        </button>
      )}
    </div>
  );
}
