import { useEffect, useId, useRef, useState } from 'react';
import type { UserDto } from '@tillpoint/contracts/auth';
import { Link, navigate } from '../router';
import { ACCOUNT_PAGE_TITLES, type AccountPageName } from './account-pages';
import { memberLogout } from './member-session';
import './account.css';

const ENTRIES: AccountPageName[] = ['accountDetails', 'paymentMethods', 'address', 'myOrders', 'complaintSuggestion'];

/** The signed-in member's menu in the shell (spec 3 §2.2 'Shell'): the account pages and Log out. */
export function UserMenu({ user, homeTo }: { user: UserDto; homeTo: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // A click elsewhere or Escape closes it.
    const away = (e: PointerEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    const key = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', key);
    };
  }, [open]);

  const name = user.firstName?.trim() || user.email || 'Account';
  const initial = name.charAt(0).toUpperCase();

  return (
    <div className="ac-menu" ref={box}>
      <button type="button" className="ac-menu-button" aria-expanded={open} aria-controls={`${id}-list`} onClick={() => setOpen((o) => !o)}>
        <span className="ac-avatar" aria-hidden="true">
          {initial}
        </span>
        <span className="ac-menu-name">{name}</span>
        <span className="ac-caret" aria-hidden="true" />
      </button>
      {open && (
        <ul id={`${id}-list`} className="ac-menu-list" aria-label="Account">
          <li className="ac-menu-phone">
            <Link to={homeTo} className="ac-menu-item" onClick={() => setOpen(false)}>
              Home
            </Link>
          </li>
          <li className="ac-menu-phone">
            <Link to="/marketplace" className="ac-menu-item" onClick={() => setOpen(false)}>
              Market Place
            </Link>
          </li>
          {ENTRIES.map((entry) => (
            <li key={entry}>
              <Link to={`/${entry}`} className="ac-menu-item" onClick={() => setOpen(false)}>
                {ACCOUNT_PAGE_TITLES[entry]}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="ac-menu-item ac-menu-logout"
              onClick={() => {
                setOpen(false);
                void memberLogout().then(() => navigate('/'));
              }}
            >
              Log out
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
