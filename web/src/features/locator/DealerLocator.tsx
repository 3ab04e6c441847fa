import type { LocatedDealer, MapDealer } from '@portal/contracts';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { DealerMap, type MapMarker, type ViewRequest } from './DealerMap';
import { DealerLinks, DealerPopup, popupAnnouncement } from './DealerPopup';
import type { LocatorConfig } from './embedConfig';
import { dealerPosition, formatMiles } from './geo';
import { categoryOptions, type LocatorQuery, sameLocatorQuery } from './locatorQuery';
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
  /** the search the page's address asks for (the public page): run when it opens and on Back/Forward */
  query?: LocatorQuery;
  /** a search was asked for or its filters changed: the public page keeps it in its address */
  onQueryChange?: (query: LocatorQuery) => void;
}

const EMPTY: readonly MapDealer[] = [];

/** Each view request gets a new key, so asking for the same view again moves the map again. */
let requestCount = 0;
type RequestBody = ViewRequest extends infer R ? (R extends ViewRequest ? Omit<R, 'key'> : never) : never;
function nextRequest(body: RequestBody): ViewRequest {
  requestCount += 1;
  return { ...body, key: requestCount } as ViewRequest;
}

/** What the map and the panel show: every dealer, a search's results, or nothing after a failed search. */
type Shown =
  | { kind: 'all' }
  | { kind: 'results'; answer: SearchAnswer; label: string; radius?: number }
  | { kind: 'failed' };

/** The last search asked for, run again when a filter changes. */
interface Asked {
  where: SearchWhere;
  label: string;
}

/** The dealer locator: search a place or Near Me, the 5 closest dealers, the map with their popups. */
export function DealerLocator({
  config,
  allDealers = EMPTY,
  onShowAll: showAllPressed,
  height = 600,
  onShown,
  fitPadding = LOCATOR_FIT_PADDING,
  fitMaxZoom = FIT_MAX_ZOOM,
  query,
  onQueryChange,
}: DealerLocatorProps) {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<LocatorFilters>(() => ({ radius: query?.radius, category: query?.category }));
  const [asked, setAsked] = useState<Asked | null>(null);
  // the address's search last run or written, so the search the locator itself wrote is not run again
  const lastQuery = useRef<LocatorQuery | null>(null);
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

  const onMap: readonly MapDealer[] = shown.kind === 'results' ? results : shown.kind === 'failed' ? EMPTY : allDealers;
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

  const showAnswer = (answer: SearchAnswer, label: string, used: LocatorFilters) => {
    setShown({ kind: 'results', answer, label, radius: used.radius });
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
          ? `No dealers within ${used.radius} miles of ${label}. The nearest is ${dealerName(answer.nearest)}, ${formatMiles(answer.nearest.distance)} away.`
          : LOCATOR_MESSAGES.noneNearby,
    );
  };

  /** Runs a search; a failed one shows why and takes the old results (list and markers) away. */
  const run = async (where: SearchWhere, label: string, used: LocatorFilters = filters) => {
    setMessage(null);
    setAsked({ where, label });
    const outcome = await searchDealers(where, used);
    if (!outcome.ok) {
      setShown({ kind: 'failed' });
      setPanelOpen(false);
      setSelectedId(null);
      setMessage(outcome.message);
      setAnnouncement(outcome.message);
      return false;
    }
    showAnswer(outcome.answer, outcome.answer.matchedAddress ?? label, used);
    return true;
  };

  /** Tells the page the search now shown, so its address can be shared (a position is not put in it). */
  const keepQuery = (place: string, used: LocatorFilters) => {
    const next: LocatorQuery = { place, radius: used.radius, category: used.category };
    lastQuery.current = next;
    onQueryChange?.(next);
  };

  const runPlace = async (place: string, used: LocatorFilters) => {
    setBusy('search');
    try {
      return await run({ kind: 'place', text: place }, place, used);
    } finally {
      setBusy(null);
    }
  };

  // the address's search: when the page opens with one and when Back/Forward moves to another
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the address's search changes
  useEffect(() => {
    if (!query || (lastQuery.current && sameLocatorQuery(lastQuery.current, query))) return;
    lastQuery.current = query;
    const used = { radius: query.radius, category: query.category };
    setFilters(used);
    if (query.place) void runPlace(query.place, used);
    else if (shown.kind !== 'all') showAll(false);
  }, [query]);

  /** A filter changed: the results on screen are searched again with it. */
  const changeFilters = (change: LocatorFilters) => {
    const used = { ...filters, ...change };
    setFilters(used);
    if (!asked || shown.kind === 'all') {
      keepQuery('', used);
      return;
    }
    keepQuery(asked.where.kind === 'place' ? asked.where.text : '', used);
    void run(asked.where, asked.label, used);
  };

  const onSearch = async (event?: FormEvent) => {
    event?.preventDefault();
    const query = text.trim();
    if (!query) {
      setMessage(LOCATOR_MESSAGES.emptySearch);
      setAnnouncement(LOCATOR_MESSAGES.emptySearch);
      return;
    }
    keepQuery(query, filters);
    // 001 §4: a successful search clears the input
    if (await runPlace(query, filters)) setText('');
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
      keepQuery('', filters);
      await run({ kind: 'position', position: found.position }, 'your location');
    } finally {
      setBusy(null);
    }
  };

  const showAll = (pressed: boolean) => {
    setShown({ kind: 'all' });
    setAsked(null);
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
    if (!pressed) return;
    keepQuery('', filters);
    showAllPressed?.();
  };
  const onShowAll = () => showAll(true);

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
  const categories = useMemo(() => categoryOptions(config.categories, allDealers), [config.categories, allDealers]);

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
          {shown.kind !== 'all' && (
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
                changeFilters({ radius: event.target.value ? Number(event.target.value) : undefined })
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
              onChange={(event) => changeFilters({ category: event.target.value || undefined })}
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
                No dealers within {shown.radius} miles. The nearest dealer is{' '}
                {formatMiles(shown.answer.nearest.distance)} away:
              </p>
            )}
            <ol className="locator__results">
              {results.slice(0, CLOSEST_DEALERS).map((dealer) => (
                <li key={dealer.dealer_id} className="locator__result-item">
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
                  <DealerLinks dealer={dealer} className="locator__result-links" />
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
