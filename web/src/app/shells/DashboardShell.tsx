import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useCompanyProfile } from '../../features/company/usePublicSettings';
import { signOut } from '../../features/session/sessionApi';
import { selectUser } from '../../features/session/sessionSlice';
import { roleLabel } from '../../format/role';
import { BrandMark } from '../../ui/BrandMark';
import { Button } from '../../ui/Button';
import { ScreenLoading } from '../../ui/lazyScreen';
import { CONTENT_ID, SkipLink } from '../../ui/SkipLink';
import { type TabItem, TabPanel, Tabs } from '../../ui/Tabs';
import { useAppDispatch, useAppSelector } from '../hooks';
import { MobileMenu } from './MobileMenu';
import './shell.css';

export interface ShellAction {
  label: string;
  onClick: () => void;
}

interface DashboardShellProps<T extends string> {
  /** names the dashboard for screen readers, e.g. "Admin dashboard" */
  title: string;
  tabs: readonly TabItem<T>[];
  active: T;
  /** `how.byArrow`: moved along the tabs with the arrow keys (the address is then replaced, not added to Back) */
  onSelect: (id: T, how?: { byArrow: boolean }) => void;
  /** buttons beside the tabs (e.g. delivery's Generated Routes) */
  actions?: readonly ShellAction[];
  /** the active tab's content */
  children: ReactNode;
}

/** The frame of every dashboard: header with company and user, tabs, the mobile menu, and Logout. */
export function DashboardShell<T extends string>({
  title,
  tabs,
  active,
  onSelect,
  actions = [],
  children,
}: DashboardShellProps<T>) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const company = useCompanyProfile();
  const [menuOpen, setMenuOpen] = useState(false);
  const idPrefix = useId();
  const logout = () => dispatch(signOut());
  const activeLabel = tabs.find((tab) => tab.id === active)?.label;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownTab = useRef(active);
  const keepFocusOnTabs = useRef(false);
  // a new screen: focus goes to its heading so a screen reader reads where it is, unless the arrow keys are
  // moving along the tabs (focus stays there so the next arrow works)
  useEffect(() => {
    if (shownTab.current === active) return;
    shownTab.current = active;
    if (!keepFocusOnTabs.current) heading.current?.focus();
    keepFocusOnTabs.current = false;
  }, [active]);
  const selectTab = (id: T, how?: { byArrow: boolean }) => {
    keepFocusOnTabs.current = how?.byArrow ?? false;
    onSelect(id, how);
  };

  const closeMenu = () => setMenuOpen(false);
  /** the extra actions, in the nav bar and (closing it after) in the mobile menu */
  const actionButtons = (after?: () => void) =>
    actions.map((action) => (
      <Button
        key={action.label}
        variant="secondary"
        onClick={() => {
          action.onClick();
          after?.();
        }}
      >
        {action.label}
      </Button>
    ));

  return (
    <div className="shell">
      <SkipLink />
      <header className="shell__header">
        <div className="shell__brand">
          <BrandMark />
          <div className="shell__brand-text">
            <span className="shell__company">{company.name}</span>
            <span className="shell__subtitle">{title}</span>
          </div>
        </div>
        {user && (
          <div className="shell__user">
            <span className="shell__user-name">{user.full_name}</span>
            <span className="shell__user-role">{roleLabel(user.role)}</span>
          </div>
        )}
        <Button variant="ghost" className="shell__logout" onClick={logout}>
          Logout
        </Button>
        <button
          type="button"
          className="shell__icon-button shell__menu-button"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>

      <nav className="shell__nav" aria-label={title}>
        <div className="shell__nav-inner">
          <Tabs tabs={tabs} active={active} onChange={selectTab} label={title} idPrefix={idPrefix} />
          {actions.length > 0 && <div className="shell__actions">{actionButtons()}</div>}
        </div>
      </nav>

      <main className="shell__main" id={CONTENT_ID} tabIndex={-1}>
        <h1 className="shell__title" ref={heading} tabIndex={-1}>
          {activeLabel}
        </h1>
        <TabPanel idPrefix={idPrefix} tabId={active}>
          <ScreenLoading>{children}</ScreenLoading>
        </TabPanel>
      </main>

      {menuOpen && (
        <MobileMenu
          tabs={tabs}
          active={active}
          onSelect={onSelect}
          onClose={closeMenu}
          footer={
            <>
              {user && (
                <p className="mobile-menu__user">
                  Signed in as <strong>{user.full_name}</strong> · {roleLabel(user.role)}
                </p>
              )}
              {actionButtons(closeMenu)}
              <Button variant="primary" onClick={logout}>
                Logout
              </Button>
            </>
          }
        />
      )}
    </div>
  );
}
