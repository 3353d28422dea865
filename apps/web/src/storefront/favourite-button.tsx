import { useEffect, useState } from 'react';
import { MARKETPLACE_MESSAGES, MARKETPLACE_PATHS } from '@tillpoint/contracts/marketplace-paths';
import { api } from '../shared/api';
import { notify } from '../shared/notify';
import { useBusy } from '../shared/ui/use-busy';
import { useMember } from './account/member-session';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The favourite marker of a store (spec 3 §2.2 'Marketplace store list'): a heart a signed-in member
 * toggles after the question 'Do you want to add to your favorites?' or 'Do you want to remove from your
 * favorites?'. The parent keeps the state and hears the answer the server accepted.
 */
export function FavouriteButton({
  branchId,
  tradingName,
  favorite,
  onChange,
  className = '',
}: {
  branchId: number;
  tradingName: string;
  favorite: boolean;
  onChange: (favorite: boolean) => void;
  className?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, run] = useBusy();

  const answer = async () => {
    const r = await run(api.put(MARKETPLACE_PATHS.favorite(branchId, !favorite)));
    setAsking(false);
    if (notify(r, { suppressSuccess: true })) onChange(!favorite);
  };

  return (
    <>
      <button
        type="button"
        className={`sf-fav ${favorite ? 'sf-fav-on' : ''} ${className}`}
        aria-pressed={favorite}
        aria-label={favorite ? `Remove ${tradingName} from your favorites` : `Add ${tradingName} to your favorites`}
        onClick={() => setAsking(true)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 7.9 3.6 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.4 0 5.6 3.4 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
        </svg>
      </button>
      {asking && (
        <ConfirmDialog
          title={favorite ? 'Remove favorite' : 'Add favorite'}
          question={favorite ? MARKETPLACE_MESSAGES.removeFavorite : MARKETPLACE_MESSAGES.addFavorite}
          yes="Yes"
          busy={busy}
          onYes={() => void answer()}
          onNo={() => setAsking(false)}
        >
          <p className="sf-confirm-sub">{tradingName}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

export type OpenedFavourite = { signedIn: boolean; favorite: boolean; setFavorite: (favorite: boolean) => void };

/**
 * 'Opening a store while logged in marks it as a favourite' (spec 3 §2.2): once per store page opened
 * by a signed-in member, quietly (a failure only leaves the heart empty). Removing it afterwards holds
 * for this visit; the next visit marks it again, as the spec says.
 */
export function useOpenedFavourite(branchId: number): OpenedFavourite {
  const signedIn = useMember().status === 'signedIn';
  const [favorite, setFavorite] = useState(false);
  useEffect(() => {
    if (!signedIn) {
      setFavorite(false);
      return;
    }
    let live = true;
    void api.put(MARKETPLACE_PATHS.favorite(branchId, true)).then((r) => live && setFavorite(r.ok));
    return () => {
      live = false;
    };
  }, [branchId, signedIn]);
  return { signedIn, favorite, setFavorite };
}
