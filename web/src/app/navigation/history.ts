import { useCallback, useMemo, useSyncExternalStore } from 'react';

/** Fired on window after every navigate(): pushState/replaceState raise no event of their own. */
const NAVIGATED = 'portal:navigated';

export interface Location {
  pathname: string;
  search: URLSearchParams;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

// the snapshot must be a stable primitive, so the store holds the href text and parses it per change
const currentPath = () => window.location.pathname + window.location.search;

/** The current URL; re-renders on Back/Forward and on navigate(). */
export function useLocation(): Location {
  const path = useSyncExternalStore(subscribe, currentPath, currentPath);
  return useMemo(() => {
    const url = new URL(path, 'http://portal.invalid');
    return { pathname: url.pathname, search: url.searchParams };
  }, [path]);
}

/**
 * Moves to another address of the portal (a same-origin path with optional query). Push by default so Back
 * returns; replace for redirects and for changes that should not add a Back step.
 */
export function navigate(to: string, opts?: { replace?: boolean }): void {
  if (to === currentPath() && !opts?.replace) return;
  // each entry remembers the address it was opened from (a replace keeps the entry's origin), for leaveTo
  const state: EntryState = opts?.replace
    ? { from: (window.history.state as EntryState | null)?.from ?? null }
    : { from: currentPath() };
  if (opts?.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}

interface EntryState {
  from: string | null;
}

/**
 * Closes what the current address opened (an invoice, a dealer's detail) and returns to `to`: a step Back when
 * this entry was opened from exactly there (so Back and the Close button agree and Back is not doubled), else
 * `to` replaces this entry (a reloaded or shared link).
 */
export function leaveTo(to: string): void {
  if ((window.history.state as EntryState | null)?.from === to) window.history.back();
  else navigate(to, { replace: true });
}

/**
 * One query parameter of the current URL: '' when absent; setting '' removes it. Replace by default so typing
 * in a search box does not flood Back; pass replace:false for discrete choices (a status, a state).
 */
export function useQueryParam(name: string, opts?: { replace?: boolean }): [string, (value: string) => void] {
  const { search } = useLocation();
  const value = search.get(name) ?? '';
  const replace = opts?.replace ?? true;
  const setValue = useCallback(
    (next: string) => {
      // read the live URL, not the rendered one, so two setters in one event both apply
      const params = new URLSearchParams(window.location.search);
      if ((params.get(name) ?? '') === next) return;
      if (next === '') params.delete(name);
      else params.set(name, next);
      const query = params.toString();
      navigate(`${window.location.pathname}${query ? `?${query}` : ''}`, { replace });
    },
    [name, replace],
  );
  return [value, setValue];
}
