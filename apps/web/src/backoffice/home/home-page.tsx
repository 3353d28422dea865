import { useUser } from '../../shared/session';
import { PageLoading } from '../page-loading';
import { ROUTES } from '../route-hrefs';
import { menuHref, useMenu } from '../shell/use-menu';

/** The home page: the menu's groups as sections of tiles (spec 1 §2, admin home). */
export default function HomePage() {
  const menu = useMenu();
  const own = useUser().merchantAccountId;
  if (menu.isPending) return <PageLoading />;
  return (
    <div className="home">
      {(menu.data ?? []).map((group) => (
        <section key={group.id} className="tile-group" aria-labelledby={`group-${group.id}`}>
          <h2 id={`group-${group.id}`}>
            <i className={group.icon ?? 'pi pi-folder'} aria-hidden="true" /> {group.description}
          </h2>
          <ul className="tiles">
            {group.items.map((item) => (
              <li key={item.id}>
                <a className="tile" href={menuHref(item.href ?? ROUTES.home, own)}>
                  <i className={`${item.icon ?? 'pi pi-circle'} tile-icon`} aria-hidden="true" />
                  <span className="tile-label">{item.description}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
