import { useEffect, useState } from 'react';

/** How long a search waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * `value`, once it has stayed the same for `delay` ms: a search box asks the server for the typed text, not for
 * every keystroke of it. A blank value is answered at once (clearing a search shows the whole list again).
 */
export function useDebounced<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  const blank = value === '' || value === undefined || value === null;
  useEffect(() => {
    if (blank) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay, blank]);
  return blank ? value : settled;
}
