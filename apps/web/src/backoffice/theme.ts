import type { LayoutPrefs } from './shell/layout-prefs';

/**
 * PrimeReact's Lara theme, light or dark. Each theme is its own lazily loaded chunk holding the
 * CSS text, put into one <style> element, so switching needs no reload and only one is fetched.
 */
const loaders: Record<LayoutPrefs['theme'], () => Promise<{ default: string }>> = {
  light: () => import('primereact/resources/themes/lara-light-blue/theme.css?inline'),
  dark: () => import('primereact/resources/themes/lara-dark-blue/theme.css?inline'),
};

export async function applyTheme(theme: LayoutPrefs['theme']) {
  const css = (await loaders[theme]()).default;
  let style = document.getElementById('theme-css');
  if (!style) {
    style = document.createElement('style');
    style.id = 'theme-css';
    // Before the app's own stylesheet, so the app's rules win over the theme's.
    document.head.prepend(style);
  }
  style.textContent = css;
  document.documentElement.dataset.theme = theme;
}
