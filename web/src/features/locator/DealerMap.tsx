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
import { type ClusterIndex, clusterIndex, noClusters, shouldCluster } from './clusters';
import type { LatLng } from './geo';
import type { LandRequest } from './landDrawing';
import { type LandLayer, landLayer } from './landLayer';
import {
  centredOn,
  fitView,
  initialView,
  landImageServes,
  landMargin,
  type Padding,
  project,
  scaleExtent,
  toScreen,
  type Viewport,
  type ViewTransform,
  zoomOfScale,
} from './mapView';
import { type MarkerEvents, type MarkerLayer, markerLayer } from './markerLayer';
import { DEFAULT_MARKER_SCALE, type MapMarker, type MarkerSize } from './markers';
import { usShapes } from './usShapes';

/** One dealer on the map (declared with the markers' colours and sizes, so that code without JSX can use it). */
export type { MapMarker } from './markers';

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

const KEY_PAN_PX = 80;

/**
 * The offline dealer map: the US from us-atlas drawn with d3-geo, pan and zoom with d3-zoom, clustered markers.
 *
 * Fluid with thousands of dealers: nothing is drawn by React while the view moves. The land is drawn on a canvas (a
 * margin larger than the map) that a pan or zoom only moves and scales with a CSS transform — the compositor's work,
 * no repaint — and is drawn again, sharp, when the gesture ends or the image no longer covers the map: in a worker
 * (OffscreenCanvas), whose image replaces the old one together with its transform, so a redraw never holds a frame
 * up. The markers are a layer drawn straight to the DOM (`markerLayer`): once a frame, for the newest view, the
 * markers in view are placed (a pan moves the layer as one), the clusters of the area drawn are asked for again only
 * when the view leaves it or changes cluster zoom, and elements are made only for the markers that come into view.
 * During a zoom gesture the clusters split when it ends (or when they lag two levels behind); they merge at once.
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
  const layerGroup = useRef<SVGGElement>(null);
  const layer = useRef<MarkerLayer | null>(null);
  const [view, setView] = useState<Viewport>({ width: 0, height: 0 });
  /** the newest view, asked for or applied, and whether a gesture (pan, zoom) is under way */
  const latest = useRef<ViewTransform>({ k: 1, x: 0, y: 0 });
  const gesture = useRef(false);
  const popupWorld = useRef<[number, number] | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;

  /** Asks for the land of the view `t`, the margin past each edge of the map included. */
  const drawLand = useCallback((t: ViewTransform) => {
    const { width, height } = viewRef.current;
    if (!lands.current || width === 0 || height === 0) return;
    const margin = landMargin(viewRef.current);
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

  /** Where the popup is on the screen for the view `t`. */
  const placePopup = useCallback((t: ViewTransform) => {
    const popupElement = popupRef.current;
    if (popupElement && popupWorld.current) {
      const placement = popupPlacement(toScreen(popupWorld.current, t), viewRef.current);
      popupElement.style.left = `${placement.left}px`;
      popupElement.style.top = `${placement.top}px`;
      popupElement.style.transform = placement.transform;
    }
  }, []);

  /** Writes where everything is on the screen for the view `t`, straight to the DOM. */
  const place = useCallback(
    (t: ViewTransform) => {
      const canvas = land.current;
      const shown = landShown.current;
      if (canvas && shown) {
        // the image drawn for `drawn`, moved and scaled to `t` (about the canvas's corner, `margin` px outside the map)
        const { t: drawn, margin } = shown;
        const scale = t.k / drawn.k;
        const x = t.x + margin - scale * (drawn.x + margin);
        const y = t.y + margin - scale * (drawn.y + margin);
        if (scale === 1) {
          // a pan: moved by whole device pixels, which the compositor copies (a fraction of a pixel is resampled,
          // every frame)
          const ratio = shown.ratio;
          canvas.style.transform = `translate(${Math.round(x * ratio) / ratio}px,${Math.round(y * ratio) / ratio}px)`;
        } else {
          canvas.style.transform = `translate(${x}px,${y}px) scale(${scale})`;
        }
      }
      layer.current?.show(t, viewRef.current, gesture.current);
      placePopup(t);
    },
    [placePopup],
  );

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
    const margin = landMargin(view);
    /** the view's land and markers: the land asked for anew before its image runs out (half its margin left) */
    const update = () => {
      const now = latest.current;
      const asked = landAsked.current;
      if (!asked || !landImageServes(asked, now, view, margin, margin / 2)) drawLand(now);
      place(now);
    };
    const zoomBehavior = zoom<SVGSVGElement, unknown>()
      .scaleExtent(scaleExtent(view))
      .on('start', () => {
        gesture.current = true;
      })
      .on('zoom', (event: { transform: ViewTransform }) => {
        latest.current = { k: event.transform.k, x: event.transform.x, y: event.transform.y };
        // one update per frame, however many events arrive
        if (!frame)
          frame = requestAnimationFrame(() => {
            frame = 0;
            update();
          });
      })
      .on('end', () => {
        // the gesture is over (or the view was set): placed at once (clusters split if the zoom left them behind),
        // the land sharp again if it was scaled
        gesture.current = false;
        cancelAnimationFrame(frame);
        frame = 0;
        update();
        const asked = landAsked.current;
        if (asked && asked.k !== latest.current.k) drawLand(latest.current);
      });
    behavior.current = zoomBehavior;
    const selection = select(element).call(zoomBehavior);
    return () => {
      cancelAnimationFrame(frame);
      selection.on('.zoom', null);
      behavior.current = null;
      gesture.current = false;
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

  const selected = selectedId ? byId.get(selectedId) : undefined;
  const selectedWorld = selected ? project(selected.position) : null;
  popupWorld.current = selectedWorld;

  const choose = (id: string, how: 'pointer' | 'keyboard') => {
    focusPopup.current = how === 'keyboard';
    onSelect(id, how);
  };
  const zoomInto = (world: [number, number], zoomTo: number) => {
    apply(centredOn(world, Math.max(zoomTo, zoomOfScale(latest.current.k, view) + 1), view));
  };
  /** what the markers' clicks and keys call: the newest render's functions */
  const markerEvents = useRef<MarkerEvents>({ choose, openCluster: zoomInto });
  markerEvents.current = { choose, openCluster: zoomInto };

  // the marker layer, for the life of the map
  useLayoutEffect(() => {
    const group = layerGroup.current;
    if (!group) return;
    const created = markerLayer(group, {
      choose: (id, how) => markerEvents.current.choose(id, how),
      openCluster: (world, zoomTo) => markerEvents.current.openCluster(world, zoomTo),
    });
    layer.current = created;
    return () => {
      created.dispose();
      layer.current = null;
    };
  }, []);

  // what the layer draws: new markers, pin size or origin are drawn anew for the newest view
  const pinScale = DEFAULT_MARKER_SCALE[markerSize] * 1.6;
  const originLat = origin?.lat;
  const originLng = origin?.lng;
  useLayoutEffect(() => {
    const originWorld =
      originLat !== undefined && originLng !== undefined ? project({ lat: originLat, lng: originLng }) : null;
    layer.current?.setContent({ index, markers: byId, pinScale, origin: originWorld });
    place(latest.current);
  }, [index, byId, pinScale, originLat, originLng, place]);

  useLayoutEffect(() => {
    layer.current?.setSelected(selectedId);
  }, [selectedId]);

  // the popup placed after every render (it may just have been drawn)
  useLayoutEffect(() => {
    placePopup(latest.current);
  });

  // the land's painter (a worker where the browser can), for the life of the map
  useLayoutEffect(() => {
    const canvas = land.current;
    if (!canvas) return;
    const painter = landLayer(canvas, usShapes(), (request) => {
      landShown.current = request;
      place(latest.current);
    });
    lands.current = painter;
    return () => {
      painter.dispose();
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
        {/* the markers: drawn, placed and moved by the marker layer (markerLayer.ts), not by React */}
        <g ref={layerGroup} className="dealer-map__layer" />
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
