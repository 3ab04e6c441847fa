import type { MapDealer } from '@portal/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BrandMark } from '../../ui/BrandMark';
import { Button } from '../../ui/Button';
import { useCompanyProfile } from '../company/usePublicSettings';
import { publicViewLeft, selectUser } from '../session/sessionSlice';
import { DealerLocator } from './DealerLocator';
import { locatorConfigFromHash } from './embedConfig';
import { loadDealerLocations } from './locatorSearch';

/** Whether the page is the embed widget's frame (?embed=1): the locator alone, no header. */
function isEmbedded(): boolean {
  return new URLSearchParams(window.location.search).get('embed') === '1';
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

/** The public dealer locator page: from the landing's Dealer Map card, the dealer dashboard, or an embed code. */
export function LocatorPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const company = useCompanyProfile();
  const embedded = useMemo(isEmbedded, []);
  const config = useMemo(() => locatorConfigFromHash(window.location.hash), []);
  const locations = useDealerLocations();

  useEffect(() => {
    document.title = `Find a Dealer · ${company.name}`;
  }, [company.name]);

  if (embedded) {
    return (
      <main className="locator-page locator-page--embedded">
        <h1 className="visually-hidden">Find a {company.name} dealer</h1>
        <DealerLocator
          config={config}
          allDealers={locations.dealers}
          onShowAll={locations.reload}
          height="calc(100vh - 8.5rem)"
        />
      </main>
    );
  }

  return (
    <div className="locator-page">
      <header className="locator-page__bar">
        <div className="locator-page__brand">
          <BrandMark />
          <span>{company.name}</span>
        </div>
        <Button variant="ghost" onClick={() => dispatch(publicViewLeft())}>
          {user ? 'Back to Dashboard' : 'Back to Home'}
        </Button>
      </header>
      <main className="locator-page__main">
        <h1 className="locator-page__title">Find a Dealer</h1>
        <p className="locator-page__lead">
          Every {company.name} dealer is on the map. Search by address, city or ZIP code, or use Near Me, to see the
          five closest to you.
        </p>
        <DealerLocator config={config} allDealers={locations.dealers} onShowAll={locations.reload} />
      </main>
    </div>
  );
}
