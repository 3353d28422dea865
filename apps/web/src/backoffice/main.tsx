import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import './backoffice.css';
import { restoreSession } from '../shared/session';
import { BackofficeApp } from './backoffice-app';
import { getLayoutPrefs } from './shell/layout-prefs';
import { applyTheme } from './theme';

// Restoring the session starts before React, once, while the theme loads.
void restoreSession();

applyTheme(getLayoutPrefs().theme).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <BackofficeApp />
    </StrictMode>,
  );
});
