import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import './backoffice.css';
import { getSession, restoreSession } from '../shared/session';
import { BackofficeApp, preloadFirstScreen } from './backoffice-app';
import { getLayoutPrefs } from './shell/layout-prefs';
import { applyTheme } from './theme';

// The theme is asked for first: nothing shows before it. Restoring the session starts before
// React, once, while the theme loads; so does the first screen.
const themed = applyTheme(getLayoutPrefs().theme);
void restoreSession();
preloadFirstScreen(getSession().status);

themed.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BackofficeApp />
    </StrictMode>,
  );
});
