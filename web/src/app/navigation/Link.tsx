import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './history';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the portal, with optional query, e.g. "/admin/dealers/D1". */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/**
 * A real link (so Tab, Enter, "open in new tab" and copy-link work); a plain left click moves inside the app
 * without reloading.
 */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    const plainLeftClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plainLeftClick || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
