import type { MapDealer } from '@portal/contracts';
import { embeddedLocatorPage } from '@portal/contracts/values';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { publicCall } from '../../api/publicCall';
import { useAppSelector } from '../../app/hooks';
import { navigate, useLocation } from '../../app/navigation/history';
import { Link } from '../../app/navigation/Link';
import { BrandMark } from '../../ui/BrandMark';
import { buttonClass } from '../../ui/Button';
import { CONTENT_ID, SkipLink } from '../../ui/SkipLink';
import { useCompanyProfile } from '../company/usePublicSettings';
import { configOfMapSettings } from '../map-management/mapSettingsConfig';
import { selectUser } from '../session/sessionSlice';
import { DealerLocator } from './DealerLocator';
import { type LocatorConfig, locatorConfigFromHash } from './embedConfig';
import { type LocatorQuery, locatorQueryOf, withLocatorQuery } from './locatorQuery';
import { loadDealerLocations } from './locatorSearch';

/** Whether the page is the embed widget's frame (/?view=dealer-locator&embed=1): the locator alone, no header. */
function isEmbedded(): boolean {
  return embeddedLocatorPage(window.location.pathname, window.location.search);
}

/**
 * Every placed dealer, asked once the page opens and again on Show All (an unchanged list is not sent again);
 * undefined until it arrives. When it cannot be loaded the map starts empty and searching still works.
 */
function useDealerLocations(): { dealers: readonly MapDealer[] | undefined; reload: () => void } {
  const [dealers, setDealers] = useState<readonly MapDealer[]>();
  const reload = useCallback(() => {
    void loadDealerLocations().then((outcome) => {
      if (outcome.ok) setDealers(outcome.dealers);
    });
  }, []);
  useEffect(() => reload(), [reload]);
  return { dealers, reload };
}

/**
 * How the locator looks: an embed code's settings (in the hash) as they are; otherwise the admin's Map Settings
 * (categories, clustering, controls, popup style), asked once; the defaults until they arrive or when they cannot.
 */
function useLocatorConfig(): LocatorConfig {
  const hash = window.location.hash;
  const [config, setConfig] = useState(() => locatorConfigFromHash(hash));
  const fromHash = /(?:^#|&)config=/.test(hash);
  useEffect(() => {
    if (fromHash) return;
    let current = true;
    void publicCall('public.mapSettings', undefined).then((result) => {
      if (current && result.data) setConfig(configOfMapSettings(result.data.categories, result.data.settings));
    });
    return () => {
      current = false;
    };
  }, [fromHash]);
  return config;
}

/** The public dealer locator page: from the landing's Dealer Map card, the dealer dashboard, or an embed code. */
export function LocatorPage() {
  const user = useAppSelector(selectUser);
  const company = useCompanyProfile();
  const embedded = useMemo(isEmbedded, []);
  const config = useLocatorConfig();
  const locations = useDealerLocations();
  const { search } = useLocation();
  const query = useMemo(() => locatorQueryOf(search), [search]);
  // a search is kept in the address (a new Back step each), so it can be reloaded and shared; the embed frame
  // only reads it (its steps would land in the host page's history)
  const keepQuery = useCallback(
    (next: LocatorQuery) => {
      if (embedded) return;
      const params = withLocatorQuery(new URLSearchParams(window.location.search), next);
      navigate(`${window.location.pathname}${params}${window.location.hash}`);
    },
    [embedded],
  );

  useEffect(() => {
    document.title = `Find a Dealer · ${company.name}`;
  }, [company.name]);

  // opened from further down another page (the landing's Dealer Map card): the locator starts at its top
  useEffect(() => {
    if (!embedded) window.scrollTo(0, 0);
  }, [embedded]);

  if (embedded) {
    return (
      <main className="locator-page locator-page--embedded">
        <h1 className="visually-hidden">Find a {company.name} dealer</h1>
        <DealerLocator
          config={config}
          allDealers={locations.dealers}
          onShowAll={locations.reload}
          query={query}
          height="calc(100vh - 8.5rem)"
        />
      </main>
    );
  }

  return (
    <div className="locator-page">
      <SkipLink />
      <header className="locator-page__bar">
        <div className="locator-page__brand">
          <BrandMark />
          <span>{company.name}</span>
        </div>
        {/* "/" opens the signed-in user's dashboard, else landing */}
        <Link to="/" className={buttonClass('ghost')}>
          {user ? 'Back to Dashboard' : 'Back to Home'}
        </Link>
      </header>
      <main className="locator-page__main" id={CONTENT_ID} tabIndex={-1}>
        <h1 className="locator-page__title">Find a Dealer</h1>
        <p className="locator-page__lead">
          Every {company.name} dealer is on the map. Search by address, city or ZIP code, or use Near Me, to see the
          five closest to you.
        </p>
        <DealerLocator
          config={config}
          allDealers={locations.dealers}
          onShowAll={locations.reload}
          query={query}
          onQueryChange={keepQuery}
        />
      </main>
    </div>
  );
}
