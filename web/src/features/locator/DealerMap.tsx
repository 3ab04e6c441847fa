import { select } from 'd3-selection';
import { type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ClusterIndex, clusterIndex, clusterLabel, clusterRadius, noClusters, shouldCluster } from './clusters';
import type { LatLng } from './geo';
import {
  centredOn,
  clusterZoom,
  fitView,
  initialView,
  type Padding,
  project,
  scaleExtent,
  toScreen,
  type Viewport,
  type ViewTransform,
  zoomOfScale,
} from './mapView';
import { DEFAULT_MARKER_SCALE, type MarkerSize } from './markers';
import { usShapes } from './usShapes';

/** One dealer on the map. */
export interface MapMarker {
  id: string;
  /** what a screen reader hears on the marker, e.g. "Acme Outdoors, 12.3 mi" */
  label: string;
  position: LatLng;
  color: string;
  /** a category's or the custom marker image, drawn instead of the pin */
  icon?: { url: string; size: number } | null;
}

/** A request to move the view; a new `key` repeats the same request. */
export type ViewRequest =
  | { key: number; kind: 'fit'; points: readonly LatLng[]; padding: Padding; maxZoom?: number }
  | { key: number; kind: 'centre'; point: LatLng; zoom: number }
  | { key: number; kind: 'reset' };

interface DealerMapProps {
  markers: readonly MapMarker[];
  /** names the map for screen readers */
  label: string;
  selectedId: string | null;
  onSelect: (id: string | null, how: 'pointer' | 'keyboard') => void;
  /** the popup of the selected marker */
  popup?: ReactNode;
  popupStyle?: CSSProperties;
  request?: ViewRequest | null;
  clustering?: boolean;
  showControls?: boolean;
  /** the searched place or the visitor's position */
  origin?: LatLng | null;
  markerSize?: MarkerSize;
  height?: number | string;
}

const PIN_PATH = 'M0 0c-1.2-4.2-6-7.3-6-11.6a6 6 0 0 1 12 0C6-7.3 1.2-4.2 0 0z';
const KEY_PAN_PX = 80;

/** The offline dealer map: the US from us-atlas drawn with d3-geo, pan and zoom with d3-zoom, clustered markers. */
export function DealerMap({
  markers,
  label,
  selectedId,
  onSelect,
  popup,
  popupStyle,
  request,
  clustering = false,
  showControls = true,
  origin,
  markerSize = 'small',
  height = 600,
}: DealerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const behavior = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const focusPopup = useRef(false);
  const [view, setView] = useState<Viewport>({ width: 0, height: 0 });
  const [transform, setTransform] = useState<ViewTransform>({ k: 1, x: 0, y: 0 });
  /** the newest transform, asked for or applied (a resize must keep the view just requested, not the drawn one) */
  const latest = useRef<ViewTransform>(transform);
  const shapes = useMemo(usShapes, []);

  // the viewport follows the element's size
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => setView({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const apply = useCallback((next: ViewTransform) => {
    latest.current = next;
    const element = svg.current;
    if (!element || !behavior.current) {
      setTransform(next);
      return;
    }
    select(element).call(behavior.current.transform, zoomIdentity.translate(next.x, next.y).scale(next.k));
  }, []);

  // pan and zoom: wheel, drag, pinch, double-click
  const ready = view.width > 0 && view.height > 0;
  useEffect(() => {
    const element = svg.current;
    if (!element || !ready) return;
    let frame = 0;
    let pending: ViewTransform | null = null;
    const zoomBehavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent(scaleExtent(view))
      .on('zoom', (event: { transform: ViewTransform }) => {
        pending = { k: event.transform.k, x: event.transform.x, y: event.transform.y };
        latest.current = pending;
        // one render per frame, however many events arrive
        if (!frame)
          frame = requestAnimationFrame(() => {
            frame = 0;
            if (pending) setTransform(pending);
          });
      });
    behavior.current = zoomBehavior;
    const selection = select(element).call(zoomBehavior);
    return () => {
      cancelAnimationFrame(frame);
      selection.on('.zoom', null);
      behavior.current = null;
    };
  }, [ready, view]);

  // the first view, then each request
  const lastRequest = useRef<number | null>(null);
  useEffect(() => {
    if (!ready) return;
    const key = request?.key ?? -1;
    if (lastRequest.current === key) return;
    lastRequest.current = key;
    if (!request || request.kind === 'reset') {
      apply(initialView(view));
    } else if (request.kind === 'centre') {
      const world = project(request.point);
      apply(world ? centredOn(world, request.zoom, view) : initialView(view));
    } else {
      const points = request.points.flatMap((point) => {
        const world = project(point);
        return world ? [world] : [];
      });
      apply(fitView(points, view, request.padding, request.maxZoom));
    }
  }, [request, ready, view, apply]);

  // keep the view when the element is resized (the same centre and zoom, in the new size)
  const previousView = useRef(view);
  useEffect(() => {
    const before = previousView.current;
    previousView.current = view;
    if (!ready || before.width === 0 || (before.width === view.width && before.height === view.height)) return;
    const now = latest.current;
    const zoomLevel = zoomOfScale(now.k, before);
    const centre: [number, number] = [(before.width / 2 - now.x) / now.k, (before.height / 2 - now.y) / now.k];
    apply(centredOn(centre, zoomLevel, view));
  }, [view, ready, apply]);

  const index: ClusterIndex = useMemo(() => {
    const points = markers.map((marker) => ({ id: marker.id, position: marker.position }));
    return shouldCluster(points.length, clustering) ? clusterIndex(points) : noClusters(points);
  }, [markers, clustering]);
  const byId = useMemo(() => new Map(markers.map((marker) => [marker.id, marker])), [markers]);

  const zoomLevel = clusterZoom(transform.k);
  const features = useMemo(() => {
    return index.at(zoomLevel).flatMap((item) => {
      const world = project(item.position);
      return world ? [{ item, world }] : [];
    });
  }, [index, zoomLevel]);

  const visible = features.flatMap(({ item, world }) => {
    const [x, y] = toScreen(world, transform);
    if (x < -60 || y < -60 || x > view.width + 60 || y > view.height + 60) return [];
    return [{ item, x, y }];
  });

  const selected = selectedId ? byId.get(selectedId) : undefined;
  const selectedWorld = selected ? project(selected.position) : null;
  const selectedScreen = selectedWorld ? toScreen(selectedWorld, transform) : null;

  useEffect(() => {
    if (popup && selectedId && focusPopup.current) {
      focusPopup.current = false;
      popupRef.current?.focus();
    }
  }, [popup, selectedId]);

  const choose = (id: string, how: 'pointer' | 'keyboard') => {
    focusPopup.current = how === 'keyboard';
    onSelect(id, how);
  };
  const closePopup = () => {
    const id = selectedId;
    onSelect(null, 'keyboard');
    // back to the marker the popup came from
    if (id)
      requestAnimationFrame(() =>
        svg.current?.querySelector<SVGElement>(`[data-dealer-id="${CSS.escape(id)}"]`)?.focus(),
      );
  };

  const zoomBy = (factor: number) => {
    const [minK, maxK] = scaleExtent(view);
    const k = Math.max(minK, Math.min(maxK, transform.k * factor));
    const cx = view.width / 2;
    const cy = view.height / 2;
    apply({ k, x: cx - ((cx - transform.x) / transform.k) * k, y: cy - ((cy - transform.y) / transform.k) * k });
  };
  const zoomInto = (world: [number, number], zoomTo: number) => {
    apply(centredOn(world, Math.max(zoomTo, zoomOfScale(transform.k, view) + 1), view));
  };

  const onMapKey = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.target !== event.currentTarget) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [KEY_PAN_PX, 0],
      ArrowRight: [-KEY_PAN_PX, 0],
      ArrowUp: [0, KEY_PAN_PX],
      ArrowDown: [0, -KEY_PAN_PX],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      apply({ ...transform, x: transform.x + move[0], y: transform.y + move[1] });
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(2);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(0.5);
    }
  };

  const pinScale = DEFAULT_MARKER_SCALE[markerSize] * 1.6;
  const originScreen = origin
    ? (() => {
        const world = project(origin);
        return world ? toScreen(world, transform) : null;
      })()
    : null;

  return (
    <div
      ref={container}
      className="dealer-map"
      style={{ '--map-height': typeof height === 'number' ? `${height}px` : height } as CSSProperties}
    >
      <svg
        ref={svg}
        className="dealer-map__svg"
        width={view.width}
        height={view.height}
        role="application"
        aria-label={`${label}. Arrow keys pan, plus and minus zoom; Tab reaches the markers.`}
        aria-roledescription="map"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map pans and zooms by keyboard
        tabIndex={0}
        onKeyDown={onMapKey}
        onClick={(event) => {
          // 001 §2: clicking the map (not a marker) closes the popup
          const onMarker = (event.target as Element).closest('.dealer-map__marker, .dealer-map__cluster');
          if (!onMarker && selectedId) onSelect(null, 'pointer');
        }}
      >
        <rect className="dealer-map__sea" width={view.width} height={view.height} />
        <g transform={`translate(${transform.x},${transform.y}) scale(${transform.k})`}>
          <path className="dealer-map__land" d={shapes.land} />
          <path className="dealer-map__borders" d={shapes.borders} />
        </g>
        {originScreen && (
          <g className="dealer-map__origin" transform={`translate(${originScreen[0]},${originScreen[1]})`}>
            <circle r={12} className="dealer-map__origin-halo" />
            <circle r={5} className="dealer-map__origin-dot" />
          </g>
        )}
        {visible.map(({ item, x, y }) => {
          if (item.kind === 'cluster') {
            const r = clusterRadius(item.count);
            const world = project(item.position);
            const open = () => world && zoomInto(world, item.expansionZoom);
            return (
              // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>
              <g
                key={`c${item.id}`}
                className="dealer-map__cluster"
                transform={`translate(${x},${y})`}
                role="button"
                tabIndex={0}
                aria-label={`${item.count} dealers here; press Enter to zoom in`}
                onClick={(event) => {
                  event.stopPropagation();
                  open();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    open();
                  }
                }}
              >
                <circle r={r} />
                <text dy="0.35em" textAnchor="middle">
                  {clusterLabel(item.count)}
                </text>
              </g>
            );
          }
          const marker = byId.get(item.id);
          if (!marker) return null;
          const isSelected = marker.id === selectedId;
          return (
            // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>
            <g
              key={marker.id}
              data-dealer-id={marker.id}
              className={isSelected ? 'dealer-map__marker dealer-map__marker--selected' : 'dealer-map__marker'}
              transform={`translate(${x},${y})`}
              role="button"
              tabIndex={0}
              aria-label={marker.label}
              aria-pressed={isSelected}
              onClick={(event) => {
                event.stopPropagation();
                choose(marker.id, 'pointer');
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(marker.id, 'keyboard');
                }
              }}
            >
              {marker.icon ? (
                <image
                  href={marker.icon.url}
                  width={marker.icon.size}
                  height={marker.icon.size}
                  x={-marker.icon.size / 2}
                  y={-marker.icon.size}
                />
              ) : (
                <path d={PIN_PATH} transform={`scale(${pinScale})`} fill={marker.color} className="dealer-map__pin" />
              )}
            </g>
          );
        })}
      </svg>

      {showControls && (
        <div className="dealer-map__controls">
          <button type="button" aria-label="Zoom in" onClick={() => zoomBy(2)}>
            +
          </button>
          <button type="button" aria-label="Zoom out" onClick={() => zoomBy(0.5)}>
            −
          </button>
          <button type="button" aria-label="Show the whole country" onClick={() => apply(initialView(view))}>
            ⌂
          </button>
        </div>
      )}

      {popup && selectedScreen && (
        <div
          ref={popupRef}
          className="dealer-map__popup"
          role="dialog"
          aria-label="Dealer details"
          tabIndex={-1}
          style={{ ...popupStyle, ...popupPlacement(selectedScreen, view) }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              closePopup();
            }
          }}
        >
          <button type="button" className="dealer-map__popup-close" aria-label="Close details" onClick={closePopup}>
            ×
          </button>
          {popup}
        </div>
      )}
    </div>
  );
}

/** Above the marker, kept inside the map horizontally; below it when the marker is near the top. */
function popupPlacement([x, y]: [number, number], view: Viewport): CSSProperties {
  const half = 150;
  const left = Math.max(half + 8, Math.min(view.width - half - 8, x));
  const below = y < 220;
  return {
    left,
    top: below ? y + 12 : y - 34,
    transform: below ? 'translate(-50%, 0)' : 'translate(-50%, -100%)',
  };
}
