import { useSyncExternalStore } from 'react';

/** Static or overlay sidebar and light or dark theme, remembered in localStorage per browser. */
export type LayoutPrefs = { menuMode: 'static' | 'overlay'; theme: 'light' | 'dark' };

const KEY = 'tillpoint.layout';
const DEFAULTS: LayoutPrefs = { menuMode: 'static', theme: 'light' };

function read(): LayoutPrefs {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<LayoutPrefs>) : {};
    return {
      menuMode: parsed.menuMode === 'overlay' ? 'overlay' : 'static',
      theme: parsed.theme === 'dark' ? 'dark' : 'light',
    };
  } catch {
    return DEFAULTS;
  }
}

let prefs = read();
const listeners = new Set<() => void>();

export function getLayoutPrefs() {
  return prefs;
}

export function setLayoutPrefs(change: Partial<LayoutPrefs>) {
  prefs = { ...prefs, ...change };
  localStorage.setItem(KEY, JSON.stringify(prefs));
  for (const l of listeners) l();
}

export function useLayoutPrefs(): LayoutPrefs {
  return useSyncExternalStore((l) => {
    listeners.add(l);
    return () => listeners.delete(l);
  }, getLayoutPrefs);
}

/** The spec's desktop breakpoint: a window wider than 1024 pixels. */
export const DESKTOP_QUERY = '(min-width: 1025px)';

export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (l) => {
      const mq = window.matchMedia(DESKTOP_QUERY);
      mq.addEventListener('change', l);
      return () => mq.removeEventListener('change', l);
    },
    () => window.matchMedia(DESKTOP_QUERY).matches,
  );
}
