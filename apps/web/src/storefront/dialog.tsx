import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * The storefront's modal: the browser's own <dialog> (focus kept inside, Escape closes, the page behind
 * is inert), so no dialog library ships to the phone. A bottom sheet on phones, centred on wider screens.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  className = '',
  hideTitle = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  hideTitle?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    const scroll = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = scroll;
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the dialog's own key.
    <dialog
      ref={ref}
      className={`sf-dialog ${className}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === ref.current && onClose()}
    >
      <div className="sf-dialog-inner">
        <div className={hideTitle ? 'sf-dialog-head sf-dialog-head-floating' : 'sf-dialog-head'}>
          <h2 id={titleId} className={hideTitle ? 'sf-sr-only' : 'sf-dialog-title'}>
            {title}
          </h2>
          <button type="button" className="sf-dialog-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="sf-dialog-body">{children}</div>
        {footer && <div className="sf-dialog-foot">{footer}</div>}
      </div>
    </dialog>
  );
}
