import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** the action buttons, shown under the body */
  footer?: ReactNode;
  /** 'wide' for a dialog that shows a picture */
  size?: 'normal' | 'wide';
}

/**
 * Where focus goes when a dialog closes: back to its opener while that is still on the page; otherwise (the dialog
 * removed the row that opened it) to the screen's heading, so focus is never dropped on <body>. Focus that something
 * else has already placed (another dialog, a screen that moved it) is left where it is.
 */
function returnFocus(opener: HTMLElement | null): void {
  const now = document.activeElement;
  if (now && now !== document.body && now.isConnected && !now.closest('dialog:not([open])')) {
    // the browser itself puts the focus back on the opener as the dialog closes
    if (now === opener) headingIfRemovedLater(opener);
    return;
  }
  if (opener?.isConnected && !opener.closest('dialog:not([open])')) {
    opener.focus();
    headingIfRemovedLater(opener);
    return;
  }
  focusHeading();
}

/** How long a returned focus is watched for its element leaving the page. */
const REMOVAL_WATCH_MS = 10_000;

/**
 * The opener may leave the page a moment after the dialog closed: a deleted row goes once its list is read again.
 * The browser then drops the focus on <body>; it goes to the screen's heading instead. Watched until the focus
 * moves elsewhere, or for a few seconds.
 */
function headingIfRemovedLater(opener: HTMLElement): void {
  if (typeof MutationObserver === 'undefined') return;
  const observer = new MutationObserver(() => {
    const now = document.activeElement;
    if (opener.isConnected) {
      if (now !== opener) stop();
      return;
    }
    if (!now || now === document.body) focusHeading();
    stop();
  });
  const timer = setTimeout(() => stop(), REMOVAL_WATCH_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

/** Focuses the screen's heading (made focusable by script only), so a screen reader says where the user is. */
function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** A modal dialog on the native <dialog>: the browser traps focus, Escape closes it, focus returns after. */
export function Modal({ open, title, onClose, children, footer, size = 'normal' }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  const bodyScrolls = useScrolls(body, open);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) {
      if (element.open) element.close();
      return;
    }
    // read before showModal moves the focus into the dialog
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    // focus goes back to what opened the dialog, whether it closes or leaves the page (most dialogs are unmounted);
    // a frame later, once the change that closed it has rendered (a removed row's button is gone by then)
    return () => {
      requestAnimationFrame(() => returnFocus(opener));
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={size === 'wide' ? 'modal modal--wide' : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
          ×
        </button>
      </header>
      {/* a body taller than the dialog (an invoice on a phone) scrolls: it then takes focus, for the arrow keys */}
      <div ref={body} className="modal__body" tabIndex={bodyScrolls ? 0 : undefined}>
        {children}
      </div>
      {footer && <footer className="modal__footer">{footer}</footer>}
    </dialog>
  );
}

/** Whether the box's content is taller than the box: measured again whenever either resizes. */
function useScrolls(box: RefObject<HTMLElement | null>, open: boolean): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!open || !element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [box, open]);
  return scrolls;
}
