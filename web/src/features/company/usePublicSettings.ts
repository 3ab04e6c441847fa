import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { type CompanyProfile, PLACEHOLDER_COMPANY } from './companyProfile';
import { type PublicSettings, refreshPublicSettings, selectPublicSettings } from './publicSettingsSlice';

export type { PublicSettings } from './publicSettingsSlice';

/**
 * The public settings, read on first use and again when the tab becomes visible (an admin may have changed
 * them). `pollingInterval` lets a long-open dashboard notice maintenance without a reload.
 */
export function usePublicSettings(pollingInterval?: number): PublicSettings | undefined {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectPublicSettings);
  const loadedOnce = settings !== null;

  useEffect(() => {
    if (!loadedOnce) dispatch(refreshPublicSettings());
  }, [dispatch, loadedOnce]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') dispatch(refreshPublicSettings());
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = pollingInterval ? setInterval(() => dispatch(refreshPublicSettings()), pollingInterval) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [dispatch, pollingInterval]);

  return settings ?? undefined;
}

/** The company as shown everywhere: placeholders until the public settings load (or if they fail). */
export function useCompanyProfile(): CompanyProfile {
  return usePublicSettings()?.company ?? PLACEHOLDER_COMPANY;
}
