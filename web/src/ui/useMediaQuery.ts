import { useEffect, useState } from 'react';

/** The phone layout's breakpoint, as the stylesheets write it. */
export const PHONE_WIDTH_QUERY = '(max-width: 640px)';

/** Whether a media query matches now, followed as the window changes (a table's row height on a phone). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
