import type { LocatedDealer, MapDealer } from '@portal/contracts';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Button } from '../../ui/Button';
import { DealerMap, type MapMarker, type ViewRequest } from './DealerMap';
import { DealerPopup, popupAnnouncement } from './DealerPopup';
import type { LocatorConfig } from './embedConfig';
import { dealerPosition, formatMiles } from './geo';
import {
  CLOSEST_DEALERS,
  currentPosition,
  LOCATOR_MESSAGES,
  type LocatorFilters,
  RADIUS_CHOICES,
  type SearchAnswer,
  type SearchWhere,
  searchDealers,
} from './locatorSearch';
import {
  AUTO_FIT_DELAY_MS,
  FIT_MAX_ZOOM,
  INITIAL_ZOOM,
  LOCATOR_FIT_PADDING,
  MAP_CENTER,
  type Padding,
  REFIT_AFTER_CLOSE_MS,
  SEARCH_ZOOM,
} from './mapView';
import { markersOf } from './markerStyle';
import { addressLines, dealerName, popupCss } from './popup';
import './locator.css';

interface DealerLocatorProps {
  config: LocatorConfig;
  /** every dealer for the map and Show All (the admin screens have them; the public page asks the server) */
  allDealers?: readonly MapDealer[];
  /** Show All was pressed: the public page asks whether its list of every dealer changed */
  onShowAll?: () => void;
  /** the map's height (001 §9: 600px) */
  height?: number | string;
  /** reports what the map shows (the Google Maps screen's statistics) */
  onShown?: (shown: { markers: number; results: number }) => void;
  /** the padding when fitting markers (001 §9: the locator's 80/60/60/60; the admin map's 50) */
  fitPadding?: Padding;
  /** the closest zoom a fit may reach (the admin map's 12) */
  fitMaxZoom?: number;
}

const EMPTY: readonly MapDealer[] = [];

/** Each view request gets a new key, so asking for the same view again moves the map again. */
let requestCount = 0;
type RequestBody = ViewRequest extends infer R ? (R extends ViewRequest ? Omit<R, 'key'> : never) : never;
function nextRequest(body: RequestBody): ViewRequest {
  requestCount += 1;
  return { ...body, key: requestCount } as ViewRequest;
}

type Shown = { kind: 'all' } | { kind: 'results'; answer: SearchAnswer; label: string };

/** The dealer locator: search a place or Near Me, the 5 closest dealers, the map with their popups. */
export function DealerLocator({
  config,
  allDealers = EMPTY,
  onShowAll: showAllPressed,
  height = 600,
  onShown,
  fitPadding = LOCATOR_FIT_PADDING,
  fitMaxZoom = FIT_MAX_ZOOM,
}: DealerLocatorProps) {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<LocatorFilters>({});
  const [shown, setShown] = useState<Shown>({ kind: 'all' });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<'search' | 'near' | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // the configured starting zoom, centred on the continental US
  const [request, setRequest] = useState<ViewRequest | null>(() =>
    config.zoom === INITIAL_ZOOM ? null : { key: 0, kind: 'centre', point: MAP_CENTER, zoom: config.zoom },
  );
  const [announcement, setAnnouncement] = useState('');
  const ids = useId();

  const results: LocatedDealer[] = useMemo(() => {
    if (shown.kind !== 'results') return [];
    const { dealers, nearest } = shown.answer;
    return dealers.length > 0 ? dealers : nearest ? [nearest] : [];
  }, [shown]);

  const onMap: readonly MapDealer[] = shown.kind === 'results' ? results : allDealers;
  const markers: MapMarker[] = useMemo(() => markersOf(onMap, config), [onMap, config]);
  const byId = useMemo(() => new Map<string, MapDealer | LocatedDealer>(onMap.map((d) => [d.dealer_id, d])), [onMap]);

  useEffect(() => {
    onShown?.({ markers: markers.length, results: results.length });
  }, [markers.length, results.length, onShown]);

  // 001 §4: with dealers on the map, fit them 2 s after they arrive
  const fitAll = useMemo(() => markers.map((marker) => marker.position), [markers]);
  useEffect(() => {
    if (shown.kind !== 'all' || !config.autoFit || fitAll.length === 0) return;
    const timer = setTimeout(
      () => setRequest(nextRequest({ kind: 'fit', points: fitAll, padding: fitPadding, maxZoom: fitMaxZoom })),
      AUTO_FIT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [fitAll, shown.kind, config.autoFit, fitPadding, fitMaxZoom]);

  const showAnswer = (answer: SearchAnswer, label: string) => {
    setShown({ kind: 'results', answer, label });
    setPanelOpen(true);
    setSelectedId(null);
    const found = answer.dealers.length > 0 ? answer.dealers : answer.nearest ? [answer.nearest] : [];
    const points = [answer.center, ...found.flatMap((dealer) => dealerPosition(dealer) ?? [])];
    // centred on the place at zoom 10 at the most, with the 5 closest in view (the locator's padding)
    setRequest(
      found.length > 0
        ? nextRequest({ kind: 'fit', points, padding: fitPadding, maxZoom: Math.min(SEARCH_ZOOM, fitMaxZoom) })
        : nextRequest({ kind: 'centre', point: answer.center, zoom: SEARCH_ZOOM }),
    );
    setAnnouncement(
      answer.dealers.length > 0
        ? `${answer.dealers.length} closest dealer${answer.dealers.length === 1 ? '' : 's'} to ${label}`
        : answer.nearest
          ? `No dealers within ${filters.radius} miles of ${label}. The nearest is ${dealerName(answer.nearest)}, ${formatMiles(answer.nearest.distance)} away.`
          : LOCATOR_MESSAGES.noneNearby,
    );
  };

  const run = async (where: SearchWhere, label: string) => {
    setMessage(null);
    const outcome = await searchDealers(where, filters);
    if (!outcome.ok) {
      setMessage(outcome.message);
      setAnnouncement(outcome.message);
      return false;
    }
    showAnswer(outcome.answer, outcome.answer.matchedAddress ?? label);
    return true;
  };

  const onSearch = async (event?: FormEvent) => {
    event?.preventDefault();
    const query = text.trim();
    if (!query) {
      setMessage(LOCATOR_MESSAGES.emptySearch);
      setAnnouncement(LOCATOR_MESSAGES.emptySearch);
      return;
    }
    setBusy('search');
    try {
      // 001 §4: a successful search clears the input
      if (await run({ kind: 'place', text: query }, query)) setText('');
    } finally {
      setBusy(null);
    }
  };

  const onNearMe = async () => {
    setMessage(null);
    setBusy('near');
    try {
      const found = await currentPosition();
      if (!found.ok) {
        setMessage(found.message);
        setAnnouncement(found.message);
        return;
      }
      await run({ kind: 'position', position: found.position }, 'your location');
    } finally {
      setBusy(null);
    }
  };

  const onShowAll = () => {
    setShown({ kind: 'all' });
    setPanelOpen(false);
    setSelectedId(null);
    setMessage(null);
    const points = markersOf(allDealers, config).map((marker) => marker.position);
    setRequest(
      nextRequest(
        points.length ? { kind: 'fit', points, padding: fitPadding, maxZoom: fitMaxZoom } : { kind: 'reset' },
      ),
    );
    setAnnouncement(allDealers.length ? `Showing all ${allDealers.length} dealers` : 'Showing the whole country');
    showAllPressed?.();
  };

  const closePanel = () => {
    setPanelOpen(false);
    // 001 §4: refit 0.5 s after the panel closes
    const points = markers.map((marker) => marker.position);
    setTimeout(() => {
      if (points.length) setRequest(nextRequest({ kind: 'fit', points, padding: fitPadding, maxZoom: fitMaxZoom }));
    }, REFIT_AFTER_CLOSE_MS);
  };

  const select = (id: string | null) => {
    setSelectedId(id);
    const dealer = id ? byId.get(id) : undefined;
    if (dealer) setAnnouncement(`Details: ${popupAnnouncement(dealer, distanceOf(dealer))}`);
  };

  const selected = selectedId ? byId.get(selectedId) : undefined;
  const categories = config.categories;

  return (
    <div className="locator">
      <form className="locator__search" onSubmit={onSearch} aria-label="Find dealers">
        <div className="locator__query">
          <label htmlFor={`${ids}-q`} className="visually-hidden">
            Address, city or ZIP
          </label>
          <input
            id={`${ids}-q`}
            type="search"
            value={text}
            placeholder="Enter an address, city or ZIP"
            autoComplete="postal-code"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" busy={busy === 'search'} busyLabel="Searching..." disabled={busy !== null}>
            Search
          </Button>
          <Button
            variant="secondary"
            onClick={onNearMe}
            busy={busy === 'near'}
            busyLabel="Locating..."
            disabled={busy !== null}
          >
            Near Me
          </Button>
          {shown.kind === 'results' && (
            <Button variant="ghost" onClick={onShowAll}>
              Show All
            </Button>
          )}
        </div>
        <div className="locator__filters">
          <label>
            <span>Within</span>
            <select
              value={filters.radius ?? ''}
              onChange={(event) =>
                setFilters((now) => ({ ...now, radius: event.target.value ? Number(event.target.value) : undefined }))
              }
            >
              <option value="">Any distance</option>
              {RADIUS_CHOICES.map((miles) => (
                <option key={miles} value={miles}>
                  {miles} miles
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Category</span>
            <select
              value={filters.category ?? ''}
              onChange={(event) => setFilters((now) => ({ ...now, category: event.target.value || undefined }))}
            >
              <option value="">All categories</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      </form>

      {message && (
        <p className="locator__message" role="alert">
          {message}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>

      <div className={panelOpen ? 'locator__body locator__body--panel' : 'locator__body'}>
        {panelOpen && shown.kind === 'results' && (
          <aside className="locator__panel" aria-labelledby={`${ids}-panel`}>
            <header className="locator__panel-header">
              <h2 id={`${ids}-panel`}>Closest Dealers</h2>
              <button
                type="button"
                className="locator__panel-close"
                aria-label="Close Closest Dealers"
                onClick={closePanel}
              >
                ×
              </button>
            </header>
            <p className="locator__near">Near {shown.label}</p>
            {shown.answer.dealers.length === 0 && !shown.answer.nearest && (
              <p className="locator__empty">{LOCATOR_MESSAGES.noneNearby}</p>
            )}
            {shown.answer.dealers.length === 0 && shown.answer.nearest && (
              <p className="locator__empty">
                No dealers within {filters.radius} miles. The nearest dealer is{' '}
                {formatMiles(shown.answer.nearest.distance)} away:
              </p>
            )}
            <ol className="locator__results">
              {results.slice(0, CLOSEST_DEALERS).map((dealer) => (
                <li key={dealer.dealer_id}>
                  <button
                    type="button"
                    className={
                      dealer.dealer_id === selectedId ? 'locator__result locator__result--selected' : 'locator__result'
                    }
                    aria-pressed={dealer.dealer_id === selectedId}
                    onClick={() => select(dealer.dealer_id)}
                  >
                    <span className="locator__result-name">{dealerName(dealer)}</span>
                    <span className="locator__result-distance">{formatMiles(dealer.distance)}</span>
                    <span className="locator__result-address">{addressLines(dealer).join(' · ')}</span>
                  </button>
                </li>
              ))}
            </ol>
          </aside>
        )}
        <DealerMap
          markers={markers}
          label={shown.kind === 'results' ? `Map of the dealers closest to ${shown.label}` : 'Map of dealers'}
          selectedId={selectedId}
          onSelect={(id) => select(id)}
          popup={selected ? <DealerPopup dealer={selected} distance={distanceOf(selected)} /> : null}
          popupStyle={popupCss(config.popup)}
          request={request}
          clustering={config.clustering}
          showControls={config.showControls}
          origin={shown.kind === 'results' ? shown.answer.center : null}
          markerSize={config.marker.size}
          height={height}
        />
      </div>
    </div>
  );
}

function distanceOf(dealer: MapDealer | LocatedDealer): number | null {
  return 'distance' in dealer ? dealer.distance : null;
}
