import { useEffect, useState } from 'react';
import { MARKETPLACE_PATHS, STORE_SEARCH_MIN } from '@tillpoint/contracts/marketplace-paths';
import type { MarketplaceBranch } from '@tillpoint/contracts/marketplace';
import { api } from '../shared/api';
import { notify } from '../shared/notify';
import { Link } from './router';
import { STORE_KEYS, writeKey } from './storefront-storage';
import { useMember } from './account/member-session';
import { FavouriteButton } from './favourite-button';

/**
 * The marketplace (spec 3 §2.2): a search box (more than 3 characters, else the whole list) and the
 * store cards; a card keeps its branch id and opens /{domainName}. Visitors see one list, 'Stores';
 * a signed-in member sees 'Your Favorites' and 'Other Stores', with a heart on each card.
 */
export function MarketplacePage() {
  const [all, setAll] = useState<MarketplaceBranch[] | null>(null);
  const [found, setFound] = useState<MarketplaceBranch[] | null>(null);
  const [text, setText] = useState('');
  const memberStatus = useMember().status;
  const member = memberStatus === 'signedIn';

  useEffect(() => {
    document.title = 'Market Place · Tillpoint';
  }, []);
  // The list marks the signed-in member's favourites, so it is read again when someone signs in or out.
  useEffect(() => {
    if (memberStatus === 'restoring') return;
    void api.get<MarketplaceBranch[]>(MARKETPLACE_PATHS.list).then((r) => (r.ok ? setAll(r.body) : notify(r, { suppressSuccess: true })));
  }, [memberStatus]);

  useEffect(() => {
    const q = text.trim();
    if (q.length < STORE_SEARCH_MIN) {
      setFound(null);
      return;
    }
    const ctl = new AbortController();
    const t = setTimeout(() => {
      void api.get<MarketplaceBranch[]>(MARKETPLACE_PATHS.byName(q), { signal: ctl.signal }).then((r) => r.ok && setFound(r.body));
    }, 250);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [text]);

  const stores = found ?? all;
  // A member's answer marks the store in both the whole list and the search results.
  const setFavorite = (id: number, favorite: boolean) => {
    const mark = (list: MarketplaceBranch[] | null) => list?.map((s) => (s.id === id ? { ...s, favorite } : s)) ?? null;
    setAll(mark);
    setFound(mark);
  };
  const card = (s: MarketplaceBranch) => <StoreCard key={s.id} store={s} member={member} onFavorite={(f) => setFavorite(s.id, f)} />;
  const favourites = stores?.filter((s) => s.favorite) ?? [];
  const others = stores?.filter((s) => !s.favorite) ?? [];
  return (
    <div className="sf-market">
      <div className="sf-search sf-market-search">
        <label htmlFor="sf-store-search" className="sf-sr-only">
          Search stores
        </label>
        <SearchIcon />
        <input id="sf-store-search" type="search" placeholder="Search stores" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
      </div>
      {stores === null ? (
        <>
          <h1 className="sf-section-title">Stores</h1>
          <ul className="sf-store-grid" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="sf-store-card sf-skeleton" />
            ))}
          </ul>
        </>
      ) : stores.length === 0 ? (
        <>
          <h1 className="sf-section-title">Stores</h1>
          <p className="sf-empty">{found ? 'No stores match your search.' : 'No stores are open for online orders yet.'}</p>
        </>
      ) : member ? (
        // Signed in: 'Your Favorites' and 'Other Stores' (spec 3 §2.2).
        <>
          <h1 className="sf-sr-only">Stores</h1>
          <h2 className="sf-section-title">Your Favorites</h2>
          {favourites.length ? (
            <ul className="sf-store-grid">{favourites.map(card)}</ul>
          ) : (
            <p className="sf-empty sf-empty-favourites">{found ? 'None of your favorites match your search.' : 'Tap the heart on a store to keep it here.'}</p>
          )}
          <h2 className="sf-section-title">Other Stores</h2>
          {others.length ? <ul className="sf-store-grid">{others.map(card)}</ul> : <p className="sf-empty">{found ? 'No other stores match your search.' : 'All the stores are your favorites.'}</p>}
        </>
      ) : (
        <>
          <h1 className="sf-section-title">Stores</h1>
          <ul className="sf-store-grid">{stores.map(card)}</ul>
        </>
      )}
    </div>
  );
}

/** A store card: it keeps the branch id and opens /{domainName}; a member also has its favourite heart. */
function StoreCard({ store: s, member, onFavorite }: { store: MarketplaceBranch; member: boolean; onFavorite: (favorite: boolean) => void }) {
  return (
    <li className="sf-store-item">
      <Link to={`/${s.domainName}`} className="sf-store-card" onClick={() => writeKey(STORE_KEYS.merchantBranchId, s.id)}>
        {s.logoUrl ? (
          <img className="sf-store-logo" src={s.logoUrl} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span className="sf-store-logo sf-store-logo-letter" aria-hidden="true">
            {s.tradingName.slice(0, 1).toUpperCase()}
          </span>
        )}
        <span className="sf-store-text">
          <span className="sf-store-name">{s.tradingName}</span>
          <span className="sf-store-address">{s.displayAddressString}</span>
          <span className={s.open ? 'sf-store-hours sf-open' : 'sf-store-hours sf-closed'}>
            <span className="sf-dot" aria-hidden="true" />
            {s.open ? 'Open' : 'Closed'} · {s.openAndCloseHours}
          </span>
        </span>
      </Link>
      {member && <FavouriteButton branchId={s.id} tradingName={s.tradingName} favorite={s.favorite} onChange={onFavorite} />}
    </li>
  );
}

export function SearchIcon() {
  return (
    <svg className="sf-search-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
