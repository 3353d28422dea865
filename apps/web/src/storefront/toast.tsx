import { useEffect, useRef, useState } from 'react';
import { type Notice, type Severity, notice, showNotice, subscribeNotices } from '../shared/toast-bus';

/**
 * The storefront's toasts (spec 3 §8): the shared notice bus (shared/toast-bus.ts, fed by
 * shared/notify.ts's status mapping) drawn without PrimeReact. Pages call `toast(...)` or
 * `notify(result)` from shared/notify.ts; the shell renders one <Toaster />.
 */
export function toast(severity: Severity, detail: string) {
  showNotice(notice(severity, detail));
}

type Shown = Notice & { id: number };
// Warnings and errors stay longer: they ask the customer to do something.
const LIFETIME: Record<Severity, number> = { success: 3000, info: 4000, warn: 5000, error: 6000 };
const ICON: Record<Severity, string> = { success: '✓', info: 'i', warn: '!', error: '×' };
let nextId = 1;

export function Toaster() {
  const [shown, setShown] = useState<Shown[]>([]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A manual popover sits in the top layer: shown again after a modal dialog opened, it stays above it and its backdrop.
    const el = box.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (el.matches(':popover-open')) el.hidePopover();
    if (shown.length) el.showPopover();
  }, [shown]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const stop = subscribeNotices((n) => {
      const id = nextId++;
      // The same words twice in a row (a double click) show once.
      setShown((list) => (list.some((s) => s.detail === n.detail && s.severity === n.severity) ? list : [...list.slice(-3), { ...n, id }]));
      const t = setTimeout(() => {
        timers.delete(t);
        setShown((list) => list.filter((s) => s.id !== id));
      }, LIFETIME[n.severity]);
      timers.add(t);
    });
    return () => {
      stop();
      for (const t of timers) clearTimeout(t);
    };
  }, []);
  const close = (id: number) => setShown((list) => list.filter((s) => s.id !== id));
  return (
    <div ref={box} popover="manual" className="sf-toasts" aria-live="polite" aria-atomic="false">
      {shown.map((s) => (
        <div key={s.id} className={`sf-toast sf-toast-${s.severity}`} role={s.severity === 'error' || s.severity === 'warn' ? 'alert' : 'status'}>
          <span className="sf-toast-icon" aria-hidden="true">
            {ICON[s.severity]}
          </span>
          <div className="sf-toast-text">
            <strong>{s.summary}</strong>
            <span>{s.detail}</span>
          </div>
          <button type="button" className="sf-toast-close" aria-label="Close" onClick={() => close(s.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
