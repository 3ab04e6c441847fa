import { select } from 'd3-selection';
import { type ZoomBehavior, zoom, zoomIdentity } from 'd3-zoom';
import {
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type ClusterIndex,
  clusterIndex,
  clusterLabel,
  clusterRadius,
  type MapFeature,
  noClusters,
  shouldCluster,
} from './clusters';
import type { LatLng } from './geo';
import type { LandRequest } from './landDrawing';
import { type LandLayer, landLayer } from './landLayer';
import {
  centredOn,
  clusterZoom,
  drawMargin,
  drawnAreaCovers,
  fitView,
  initialView,
  landImageServes,
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

/**
 * The offline dealer map: the US from us-atlas drawn with d3-geo, pan and zoom with d3-zoom, clustered markers.
 *
 * Fluid with thousands of dealers: the land is drawn on a canvas (a margin larger than the map) that a pan or zoom
 * only moves and scales with a CSS transform — the compositor's work, no repaint — and is drawn again, sharp, when
 * the gesture ends or the image no longer covers the map: in a worker (OffscreenCanvas), whose image replaces the
 * old one together with its transform, so a redraw never holds a frame up. React draws the markers (clusters at the view's zoom,
 * those within the margin) with their world coordinates only; where they are on the screen is written straight to
 * the DOM, once a frame, for the newest view: one translate of the marker layer while the zoom stays, each marker's
 * position when it changes, the popup's place. React draws again only when the cluster zoom changes or the view
 * leaves the drawn area (as a transition, so a long render does not hold frames up), and when a gesture ends.
 */
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
  const land = useRef<HTMLCanvasElement>(null);
  const lands = useRef<LandLayer | null>(null);
  /** the land image shown (the request it was drawn for), and the view last asked for */
  const landShown = useRef<LandRequest | null>(null);
  const landAsked = useRef<ViewTransform | null>(null);
  const layer = useRef<SVGGElement>(null);
  const [view, setView] = useState<Viewport>({ width: 0, height: 0 });
  /** the view React drew the markers for (their clusters and which are near enough the viewport) */
  const [transform, setTransform] = useState<ViewTransform>({ k: 1, x: 0, y: 0 });
  /** the newest transform, asked for or applied (a resize must keep the view just requested, not the drawn one) */
  const latest = useRef<ViewTransform>(transform);
  const drawnFor = useRef(transform);
  drawnFor.current = transform;

  /** the drawn markers with their world points, and the view their positions were written for */
  const placed = useRef<{ element: SVGGElement; world: [number, number] }[]>([]);
  const positionedFor = useRef<ViewTransform | null>(null);
  const popupWorld = useRef<[number, number] | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  /** Asks for the land of the view `t`, the margin past each edge of the map included. */
  const drawLand = useCallback((t: ViewTransform) => {
    const { width, height } = viewRef.current;
    if (!lands.current || width === 0 || height === 0) return;
    const margin = drawMargin(viewRef.current);
    const ratio = window.devicePixelRatio || 1;
    landAsked.current = t;
    lands.current.draw({
      t,
      margin,
      ratio,
      width: Math.round((width + 2 * margin) * ratio),
      height: Math.round((height + 2 * margin) * ratio),
    });
  }, []);

  /** Writes where everything is on the screen for the view `t`, straight to the DOM. */
  const place = useCallback((t: ViewTransform) => {
    const canvas = land.current;
    const shown = landShown.current;
    if (canvas && shown) {
      // the image drawn for `drawn`, moved and scaled to `t` (about the canvas's corner, `margin` px outside the map)
      const { t: drawn, margin } = shown;
      const scale = t.k / drawn.k;
      const x = t.x + margin - scale * (drawn.x + margin);
      const y = t.y + margin - scale * (drawn.y + margin);
      canvas.style.transform = scale === 1 ? `translate(${x}px,${y}px)` : `translate(${x}px,${y}px) scale(${scale})`;
    }
    const done = positionedFor.current;
    if (done && done.k === t.k) {
      // the same zoom: the whole layer moves
      layer.current?.setAttribute('transform', `translate(${t.x - done.x},${t.y - done.y})`);
    } else {
      for (const { element, world } of placed.current) {
        element.setAttribute('transform', `translate(${world[0] * t.k + t.x},${world[1] * t.k + t.y})`);
      }
      layer.current?.removeAttribute('transform');
      positionedFor.current = t;
    }
    const popupElement = popupRef.current;
    if (popupElement && popupWorld.current) {
      const placement = popupPlacement(toScreen(popupWorld.current, t), viewRef.current);
      popupElement.style.left = `${placement.left}px`;
      popupElement.style.top = `${placement.top}px`;
      popupElement.style.transform = placement.transform;
    }
  }, []);

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

  const apply = useCallback(
    (next: ViewTransform) => {
      latest.current = next;
      const element = svg.current;
      if (!element || !behavior.current) {
        drawLand(next);
        place(next);
        setTransform(next);
        return;
      }
      select(element).call(behavior.current.transform, zoomIdentity.translate(next.x, next.y).scale(next.k));
    },
    [place, drawLand],
  );

  // pan and zoom: wheel, drag, pinch, double-click
  const ready = view.width > 0 && view.height > 0;
  useEffect(() => {
    const element = svg.current;
    if (!element || !ready) return;
    let frame = 0;
    const margin = drawMargin(view);
    const zoomBehavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent(scaleExtent(view))
      .on('zoom', (event: { transform: ViewTransform }) => {
        latest.current = { k: event.transform.k, x: event.transform.x, y: event.transform.y };
        // one update per frame, however many events arrive: positions written, React only when the drawn
        // markers no longer serve the view
        if (!frame)
          frame = requestAnimationFrame(() => {
            frame = 0;
            const now = latest.current;
            const asked = landAsked.current;
            if (!asked || !landImageServes(asked, now, view, margin)) drawLand(now);
            place(now);
            if (!drawnAreaCovers(drawnFor.current, now, view, margin)) startTransition(() => setTransform(now));
          });
      })
      .on('end', () => {
        // the gesture is over: drawn for where it ended, the land sharp again
        const now = latest.current;
        if (drawnFor.current !== now) setTransform(now);
        if (landAsked.current !== now) drawLand(now);
      });
    behavior.current = zoomBehavior;
    const selection = select(element).call(zoomBehavior);
    return () => {
      cancelAnimationFrame(frame);
      selection.on('.zoom', null);
      behavior.current = null;
    };
  }, [ready, view, place, drawLand]);

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

  // each zoom's markers are projected once (at a close zoom they are every dealer, one by one)
  const [projected] = useState(
    () => new WeakMap<readonly MapFeature[], { item: MapFeature; world: [number, number] }[]>(),
  );
  const zoomLevel = clusterZoom(transform.k);
  const features = useMemo(() => {
    const items = index.at(zoomLevel);
    let found = projected.get(items);
    if (!found) {
      found = items.flatMap((item) => {
        const world = project(item.position);
        return world ? [{ item, world }] : [];
      });
      projected.set(items, found);
    }
    return found;
  }, [index, zoomLevel, projected]);

  const margin = drawMargin(view);
  const visible = features.filter(({ world }) => {
    const [x, y] = toScreen(world, transform);
    return x >= -margin && y >= -margin && x <= view.width + margin && y <= view.height + margin;
  });

  const selected = selectedId ? byId.get(selectedId) : undefined;
  const selectedWorld = selected ? project(selected.position) : null;
  popupWorld.current = selectedWorld;

  // after every render, the drawn markers' screen positions for the newest view
  useLayoutEffect(() => {
    placed.current = [];
    for (const element of layer.current?.querySelectorAll<SVGGElement>(':scope > [data-wx]') ?? []) {
      placed.current.push({ element, world: [Number(element.dataset.wx), Number(element.dataset.wy)] });
    }
    positionedFor.current = null;
    place(latest.current);
  });

  // the land's painter (a worker where the browser can), for the life of the map
  useLayoutEffect(() => {
    const canvas = land.current;
    if (!canvas) return;
    const layer = landLayer(canvas, usShapes(), (request) => {
      landShown.current = request;
      place(latest.current);
    });
    lands.current = layer;
    return () => {
      layer.dispose();
      lands.current = null;
      landShown.current = null;
      landAsked.current = null;
    };
  }, [place]);

  // the land drawn again for a new size of the map
  useLayoutEffect(() => {
    if (view.width > 0 && view.height > 0) drawLand(latest.current);
  }, [view, drawLand]);

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
    const now = latest.current;
    const [minK, maxK] = scaleExtent(view);
    const k = Math.max(minK, Math.min(maxK, now.k * factor));
    const cx = view.width / 2;
    const cy = view.height / 2;
    apply({ k, x: cx - ((cx - now.x) / now.k) * k, y: cy - ((cy - now.y) / now.k) * k });
  };
  const zoomInto = (world: [number, number], zoomTo: number) => {
    apply(centredOn(world, Math.max(zoomTo, zoomOfScale(latest.current.k, view) + 1), view));
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
      const now = latest.current;
      apply({ ...now, x: now.x + move[0], y: now.y + move[1] });
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(2);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(0.5);
    }
  };

  const pinScale = DEFAULT_MARKER_SCALE[markerSize] * 1.6;
  const originWorld = origin ? project(origin) : null;

  return (
    <div
      ref={container}
      className="dealer-map"
      style={{ '--map-height': typeof height === 'number' ? `${height}px` : height } as CSSProperties}
    >
      <canvas ref={land} className="dealer-map__land" />
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
        {/* the marker layer's transform and each marker's position are written by place() */}
        <g ref={layer} className="dealer-map__layer">
          {originWorld && (
            <g className="dealer-map__origin" data-wx={originWorld[0]} data-wy={originWorld[1]}>
              <circle r={12} className="dealer-map__origin-halo" />
              <circle r={5} className="dealer-map__origin-dot" />
            </g>
          )}
          {visible.map(({ item, world }) => {
            if (item.kind === 'cluster') {
              const r = clusterRadius(item.count);
              const open = () => zoomInto(world, item.expansionZoom());
              return (
                // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>
                <g
                  key={`c${item.id}`}
                  className="dealer-map__cluster"
                  data-wx={world[0]}
                  data-wy={world[1]}
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
                data-wx={world[0]}
                data-wy={world[1]}
                className={isSelected ? 'dealer-map__marker dealer-map__marker--selected' : 'dealer-map__marker'}
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
        </g>
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

      {popup && selectedWorld && (
        <div
          ref={popupRef}
          className="dealer-map__popup"
          role="dialog"
          aria-label="Dealer details"
          tabIndex={-1}
          style={popupStyle}
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
function popupPlacement([x, y]: [number, number], view: Viewport): { left: number; top: number; transform: string } {
  const half = 150;
  const left = Math.max(half + 8, Math.min(view.width - half - 8, x));
  const below = y < 220;
  return {
    left,
    top: below ? y + 12 : y - 34,
    transform: below ? 'translate(-50%, 0)' : 'translate(-50%, -100%)',
  };
}
