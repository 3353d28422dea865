import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { subscribeNotices } from '../shared/toast-bus';

/** Errors and warnings stay long enough to read; a success note need not. */
const LIFE = { success: 3000, info: 4000, warn: 6000, error: 6000 } as const;

/**
 * The app-wide toast. A chunk of its own, loaded once the first screen shows (backoffice-app.tsx):
 * what is said before it arrives waits in the toast bus.
 */
export default function Overlays() {
  const toast = useRef<Toast>(null);
  const last = useRef({ detail: '', until: 0 });
  useEffect(
    () =>
      subscribeNotices((n) => {
        const now = Date.now();
        // Pressing Save twice on an empty form says it once while it is on screen; every success is
        // news (two saves in a row are two toasts).
        if (n.severity !== 'success' && n.detail === last.current.detail && now < last.current.until) return;
        last.current = { detail: n.detail, until: now + LIFE[n.severity] };
        const message = { severity: n.severity, summary: n.summary, detail: n.detail, life: LIFE[n.severity] };
        // A success closes the warnings that led up to it: they no longer apply.
        if (n.severity === 'success') toast.current?.replace(message);
        else toast.current?.show(message);
      }),
    [],
  );
  return (
    <Toast
      ref={toast}
      position="top-right"
      onRemove={(m) => {
        // Once the user closed it (or it expired), the same warning may be said again.
        if (m.detail === last.current.detail) last.current = { detail: '', until: 0 };
      }}
    />
  );
}
