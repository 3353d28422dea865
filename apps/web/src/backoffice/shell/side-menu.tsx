import { parseHash } from '../../shared/hash-route';
import { useUser } from '../../shared/session';
import { ROUTES } from '../route-hrefs';
import type { MenuGroup } from './use-menu';
import { menuHref } from './use-menu';

export function SideMenu({ groups, hash }: { groups: MenuGroup[]; hash: string }) {
  const current = parseHash(hash).name;
  const own = useUser().merchantAccountId;
  return (
    <nav aria-label="Main menu" className="side-menu">
      <ul>
        <li>
          <a href={ROUTES.home} className="side-menu-link" aria-current={current === '' ? 'page' : undefined}>
            <i className="pi pi-home" aria-hidden="true" />
            <span>Home</span>
          </a>
        </li>
      </ul>
      {groups.map((g) => (
        <div key={g.id} className="side-menu-group">
          <h3>{g.description}</h3>
          <ul>
            {g.items.map((item) => (
              <li key={item.id}>
                <a
                  href={menuHref(item.href ?? ROUTES.home, own)}
                  className="side-menu-link"
                  aria-current={parseHash(item.href ?? '').name === current ? 'page' : undefined}
                >
                  <i className={item.icon ?? 'pi pi-circle'} aria-hidden="true" />
                  <span>{item.description}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
