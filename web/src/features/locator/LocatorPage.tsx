import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { BrandMark } from '../../ui/BrandMark';
import { Button } from '../../ui/Button';
import { useCompanyProfile } from '../company/usePublicSettings';
import { publicViewLeft, selectUser } from '../session/sessionSlice';
import { DealerLocator } from './DealerLocator';
import { locatorConfigFromHash } from './embedConfig';

/** Whether the page is the embed widget's frame (?embed=1): the locator alone, no header. */
function isEmbedded(): boolean {
  return new URLSearchParams(window.location.search).get('embed') === '1';
}

/** The public dealer locator page: from the landing's Dealer Map card, the dealer dashboard, or an embed code. */
export function LocatorPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const company = useCompanyProfile();
  const embedded = useMemo(isEmbedded, []);
  const config = useMemo(() => locatorConfigFromHash(window.location.hash), []);

  useEffect(() => {
    document.title = `Find a Dealer · ${company.name}`;
  }, [company.name]);

  if (embedded) {
    return (
      <main className="locator-page locator-page--embedded">
        <h1 className="visually-hidden">Find a {company.name} dealer</h1>
        <DealerLocator config={config} height="calc(100vh - 8.5rem)" />
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
          Search by address, city or ZIP code, or use Near Me, to see the five {company.name} dealers closest to you.
        </p>
        <DealerLocator config={config} />
      </main>
    </div>
  );
}
