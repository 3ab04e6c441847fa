import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notice } from './notice';

/** The spec: messages last 3 s (5 s for email tests). */
export const NOTICE_MS = 3000;
export const EMAIL_TEST_NOTICE_MS = 5000;

/** A message that clears itself after `ms`; showing another replaces it and restarts the clock. */
export function useTimedNotice(): [Notice | null, (notice: Notice, ms?: number) => void] {
  const [notice, setNotice] = useState<Notice | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback((next: Notice, ms = NOTICE_MS) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), ms);
  }, []);

  return [notice, show];
}
