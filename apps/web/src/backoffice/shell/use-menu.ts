import { useQuery } from '@tanstack/react-query';
import { PATHS } from '@tillpoint/contracts/api-paths';
import type { MenuItem } from '@tillpoint/contracts/auth';
import { api } from '../../shared/api';
import { parseHash } from '../../shared/hash-route';
import { notify } from '../../shared/notify';
import { ROUTES } from '../route-hrefs';

export type MenuGroup = MenuItem & { items: MenuItem[] };

/** Top-level items are groups; their children are the entries (spec 1 §2, home tiles). */
export function groupMenu(items: MenuItem[]): MenuGroup[] {
  return items
    .filter((i) => i.parentId === null)
    .map((g) => ({ ...g, items: items.filter((i) => i.parentId === g.id && i.href) }))
    .filter((g) => g.items.length > 0);
}

/** The signed-in user's menu, shared by the side menu and the home tiles. */
export function useMenu() {
  return useQuery({
    queryKey: ['menu'],
    queryFn: async () => {
      const r = await api.get<MenuItem[]>(PATHS.menu);
      if (!r.ok) {
        notify(r, { suppressSuccess: true });
        throw new Error(`menu: ${r.status}`);
      }
      return groupMenu(r.body);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Where the last merchant account opened is kept, for the merchant-user tile (spec 1 §2). */
export const MERCHANT_ACCOUNT_KEY = 'tillpoint.merchantAccountId';

/** The account page and the merchant-user page remember the account they show. */
export function rememberMerchantAccount(id: number) {
  localStorage.setItem(MERCHANT_ACCOUNT_KEY, String(id));
}

/**
 * A menu link as the spec wants it: the merchant-user page gets an account id, merchant staff
 * their own (`ownAccountId`), an administrator the one opened last.
 */
export function menuHref(href: string, ownAccountId: number | null): string {
  if (parseHash(href).name !== 'merchantUserSave') return href;
  return ROUTES.merchantUserSave(ownAccountId ?? (Number(localStorage.getItem(MERCHANT_ACCOUNT_KEY)) || null));
}
