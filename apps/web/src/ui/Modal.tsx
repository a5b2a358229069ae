import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';

// Open dialogs, innermost last: Escape closes only the one on top (a confirm over a form).
const openDialogs: symbol[] = [];

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  width?: string;
}

/** A dialog over the page: Escape and the backdrop close it; focus moves into it on open. */
export function Modal({ title, onClose, children, footer, width = '28rem' }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(onClose);
  useEffect(() => {
    const me = Symbol('dialog');
    openDialogs.push(me);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openDialogs[openDialogs.length - 1] === me) close();
    };
    window.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal-x)')?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(me), 1);
    };
  }, []);
  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width }} ref={panel}>
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-x" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>
  );
}
