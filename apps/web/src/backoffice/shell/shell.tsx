import { Suspense, useEffect, useId, useState } from 'react';
import { Button } from 'primereact/button';
import { MESSAGES } from '@tillpoint/contracts/messages';
import { goBack, isHome, navigate, parseHash, useHash } from '../../shared/hash-route';
import { logout, userType, useUser } from '../../shared/session';
import { PageLoading } from '../page-loading';
import ComingSoonPage from '../coming-soon/coming-soon-page';
import { SCREENS, UPCOMING } from '../routes';
import { useSystemParams } from '../system-params';
import { applyTheme } from '../theme';
import { type LayoutPrefs, setLayoutPrefs, useIsDesktop, useLayoutPrefs } from './layout-prefs';
import { SideMenu } from './side-menu';
import { useMenu } from './use-menu';
import { ROUTES } from '../route-hrefs';

function Screen({ hash }: { hash: string }) {
  const { name } = parseHash(hash);
  const screen = SCREENS[name];
  if (screen?.for.includes(userType)) return <screen.page />;
  return <ComingSoonPage upcoming={UPCOMING[name]} />;
}

function Choice<K extends keyof LayoutPrefs>({ legend, pref, options }: { legend: string; pref: K; options: [LayoutPrefs[K], string][] }) {
  const prefs = useLayoutPrefs();
  const name = useId();
  return (
    <fieldset className="segmented">
      <legend>{legend}</legend>
      {options.map(([value, label]) => (
        <label key={value} className={prefs[pref] === value ? 'selected' : undefined}>
          <input type="radio" name={name} value={value} checked={prefs[pref] === value} onChange={() => setLayoutPrefs({ [pref]: value })} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The signed-in frame: top bar, side menu, test-environment banner and the current screen. */
export default function Shell() {
  const user = useUser();
  const hash = useHash();
  const desktop = useIsDesktop();
  const { menuMode, theme } = useLayoutPrefs();
  const params = useSystemParams();
  const menu = useMenu();
  const [staticHidden, setStaticHidden] = useState(false);
  const [overlayOpen, setOverlayOpen] = useState(false);

  const isStatic = desktop && menuMode === 'static';
  const sidebarVisible = isStatic ? !staticHidden : overlayOpen;

  // An overlay menu closes once the user has picked a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change on purpose
  useEffect(() => setOverlayOpen(false), [hash]);
  useEffect(() => {
    void applyTheme(theme);
  }, [theme]);

  const toggle = () => (isStatic ? setStaticHidden((h) => !h) : setOverlayOpen((o) => !o));

  return (
    <div className={`layout ${isStatic ? 'layout-static' : 'layout-overlay'} ${sidebarVisible ? 'sidebar-visible' : 'sidebar-hidden'}`}>
      {params.data?.testEnvironment && (
        <div className="test-banner" role="status">
          {MESSAGES.testEnvironment}
        </div>
      )}
      <div className="layout-body">
        <aside id="side-menu" className="sidebar" aria-label="Side menu" hidden={!sidebarVisible}>
          <div className="brand">
            <i className="pi pi-shopping-bag brand-logo" aria-hidden="true" />
            <span className="brand-name">Tillpoint</span>
          </div>
          <div className="signed-in-user">
            <i className="pi pi-user" aria-hidden="true" />
            <span>
              {user.firstName} {user.lastName}
            </span>
          </div>
          <SideMenu groups={menu.data ?? []} hash={hash} />
          <div className="layout-options">
            <Choice
              legend="Menu"
              pref="menuMode"
              options={[
                ['static', 'Static'],
                ['overlay', 'Overlay'],
              ]}
            />
            <Choice
              legend="Theme"
              pref="theme"
              options={[
                ['light', 'Light'],
                ['dark', 'Dark'],
              ]}
            />
          </div>
        </aside>
        {!isStatic && overlayOpen && <div className="sidebar-mask" aria-hidden="true" onClick={() => setOverlayOpen(false)} />}
        <div className="layout-main">
          <header className="topbar">
            <Button
              type="button"
              icon="pi pi-bars"
              text
              rounded
              aria-label="Menu"
              title="Menu"
              aria-controls="side-menu"
              aria-expanded={sidebarVisible}
              onClick={toggle}
            />
            <Button type="button" icon="pi pi-arrow-left" text rounded aria-label="Back" title="Back" onClick={() => !isHome(hash) && goBack()} />
            <Button type="button" icon="pi pi-home" text rounded aria-label="Home" title="Home" onClick={() => navigate(ROUTES.home)} />
            {!sidebarVisible && <span className="topbar-brand">Tillpoint</span>}
            <span className="topbar-spacer" />
            <span className="topbar-user">
              {user.firstName} {user.lastName}
            </span>
            <Button type="button" icon="pi pi-sign-out" text rounded aria-label="Logout" title="Logout" onClick={() => void logout()} />
          </header>
          <main className="content">
            <Suspense fallback={<PageLoading />}>
              <Screen hash={hash} />
            </Suspense>
          </main>
        </div>
      </div>
    </div>
  );
}
