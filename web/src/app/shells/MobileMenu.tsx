import { type ReactNode, useEffect, useRef } from 'react';
import type { TabItem } from '../../ui/Tabs';

interface MobileMenuProps<T extends string> {
  tabs: readonly TabItem<T>[];
  active: T;
  onSelect: (id: T) => void;
  onClose: () => void;
  /** the header's extra actions and Logout, repeated below the tabs */
  footer: ReactNode;
}

/** The full-page menu of small screens: mirrors the dashboard tabs; Escape or a choice closes it. */
export function MobileMenu<T extends string>({ tabs, active, onSelect, onClose, footer }: MobileMenuProps<T>) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="mobile-menu"
      aria-label="Menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="mobile-menu__top">
        <span className="mobile-menu__heading">Menu</span>
        <button type="button" className="shell__icon-button" onClick={onClose} aria-label="Close menu">
          ×
        </button>
      </div>
      <nav aria-label="Dashboard sections">
        <ul className="mobile-menu__list">
          {tabs.map((tab) => (
            <li key={tab.id}>
              <button
                type="button"
                className="mobile-menu__item"
                aria-current={tab.id === active ? 'page' : undefined}
                onClick={() => {
                  onSelect(tab.id);
                  onClose();
                }}
              >
                {tab.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mobile-menu__footer">{footer}</div>
    </dialog>
  );
}
