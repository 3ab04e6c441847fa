import { type ClusterIndex, clusterLabel, clusterRadius, type MapFeature } from './clusters';
import {
  COMPACT_MAP_WIDTH,
  clusterZoom,
  type DrawnMarkers,
  drawMargin,
  markersToDraw,
  SYMBOL_REACH,
  type Viewport,
  type ViewTransform,
  worldArea,
} from './mapView';
import type { MapMarker } from './markers';

const SVG = 'http://www.w3.org/2000/svg';

/** What the marker layer draws. */
export interface MarkerContent {
  index: ClusterIndex;
  markers: ReadonlyMap<string, MapMarker>;
  /** the default pin's scale (001 §9 marker sizes) */
  pinScale: number;
  /** the searched place or the visitor's position, in world space */
  origin: [number, number] | null;
}

/** What the markers answer to a click or Enter / Space. */
export interface MarkerEvents {
  choose(id: string, how: 'pointer' | 'keyboard'): void;
  openCluster(world: [number, number], expansionZoom: number): void;
}

export interface MarkerLayer {
  /** New markers (or pin size, or origin): drawn anew for the next view shown. */
  setContent(content: MarkerContent): void;
  setSelected(id: string | null): void;
  /**
   * Shows the markers for the view `t` (`moving`: during a gesture): those of its area (its viewport and a margin)
   * are drawn again only when the ones drawn no longer serve it (`markersToDraw`), keeping the elements of the
   * markers that stay; then the markers in view are placed, or, when the zoom has not changed since they were
   * placed, the layer moved as one.
   */
  show(t: ViewTransform, view: Viewport, moving: boolean): void;
  dispose(): void;
}

interface Drawn {
  feature: MapFeature;
  element: SVGGElement;
  /** where it was last written, in the group's coordinates (NaN before the first time) */
  x: number;
  y: number;
  /** writes the element's position (geometry attributes: no transform per marker, see `markerLayer`) */
  write(x: number, y: number): void;
}

const keyOf = (feature: MapFeature) => (feature.kind === 'cluster' ? `c${feature.key}` : `d${feature.id}`);
/** Screen positions to a tenth of a pixel: shorter attribute strings, nothing visible lost. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The pin symbol as path data after its point (`M x y` first): relative commands only, scaled, so that moving a pin
 * is writing its `d` (the symbol: a drop of 12 × 18 px at scale 1 whose tip is the point).
 */
export function pinPathAfterPoint(scale: number): string {
  const s = (value: number) => Math.round(value * scale * 100) / 100;
  return (
    `c${s(-1.2)} ${s(-4.2)} ${s(-6)} ${s(-7.3)} ${s(-6)} ${s(-11.6)}` +
    `a${s(6)} ${s(6)} 0 0 1 ${s(12)} 0` +
    `c0 ${s(4.3)} ${s(-4.8)} ${s(7.4)} ${s(-6)} ${s(11.6)}z`
  );
}

/**
 * The dealer map's markers, drawn straight to the DOM (not by React), in the SVG group `group`.
 *
 * Why not React: a pan or zoom with thousands of dealers must stay within a frame, and every element created, moved
 * or removed in a frame costs its style, layout and paint. So:
 * - Each marker keeps its element while it stays drawn (keyed by dealer id, a cluster by its zoom and id).
 * - The markers of the drawn area (the viewport and a margin) that are off the map get an element only when they
 *   come into view; the elements of markers no longer drawn stay, off the map, until they would come into view or
 *   the view settles, and meanwhile lend their elements to clusters that come into view.
 * - At a zoom frame only the markers in view (where they are, or where they belong) are placed; the others are left
 *   where they were until they come into view.
 * - Markers are placed by their geometry attributes (a circle's cx/cy, a pin's path), not by a transform each: an
 *   SVG element with a transform is a node of the page's property trees and a paint chunk of its own, which made
 *   every frame's paint and layer update cost as much as the markers' own drawing. While the zoom stays, a pan moves
 *   the whole group with one transform (the group is a layer of its own, see locator.css: the compositor moves it).
 */
export function markerLayer(group: SVGGElement, events: MarkerEvents): MarkerLayer {
  let content: MarkerContent | null = null;
  let selectedId: string | null = null;
  /** the markers drawn, with their elements */
  const drawn = new Map<string, Drawn>();
  /** the markers of the drawn area not given an element yet: off the map so far */
  const pending = new Map<string, MapFeature>();
  /** the elements of markers no longer drawn, off the map: removed when they would come into view or at rest */
  const leaving = new Map<string, Drawn>();
  /** the leaving clusters, newest last (some may have been drawn again, lent or removed since) */
  let lendable: Drawn[] = [];
  /** the drawn markers not placed for `placedFor` (off the map before and after a zoom frame) */
  const stale = new Set<Drawn>();
  const byElement = new WeakMap<Element, Drawn>();
  let origin: { element: SVGGElement; place(x: number, y: number): void } | null = null;
  /** the view (and viewport) and cluster zoom the markers were drawn for, and the view their positions were written for */
  let drawnFor: (DrawnMarkers & { view: Viewport }) | null = null;
  let placedFor: ViewTransform | null = null;
  let pinTail = pinPathAfterPoint(1);

  const element = (name: string, attributes: Record<string, string | number>) => {
    const created = document.createElementNS(SVG, name);
    for (const [attribute, value] of Object.entries(attributes)) created.setAttribute(attribute, String(value));
    return created;
  };

  const markSelected = (entry: Drawn, selected: boolean) => {
    entry.element.classList.toggle('dealer-map__marker--selected', selected);
    entry.element.setAttribute('aria-pressed', String(selected));
  };

  const dealerEntry = (feature: MapFeature & { kind: 'dealer' }, marker: MapMarker): Drawn => {
    const g = element('g', {
      class: 'dealer-map__marker',
      'data-dealer-id': marker.id,
      role: 'button',
      tabindex: 0,
      'aria-label': marker.label,
    }) as SVGGElement;
    let write: Drawn['write'];
    if (marker.icon) {
      const { url, size } = marker.icon;
      const image = element('image', { href: url, width: size, height: size });
      g.append(image);
      write = (x, y) => {
        image.setAttribute('x', String(tenth(x - size / 2)));
        image.setAttribute('y', String(tenth(y - size)));
      };
    } else {
      const pin = element('path', { class: 'dealer-map__pin', fill: marker.color });
      g.append(pin);
      write = (x, y) => pin.setAttribute('d', `M${tenth(x)} ${tenth(y)}${pinTail}`);
    }
    const entry: Drawn = { feature, element: g, x: Number.NaN, y: Number.NaN, write };
    markSelected(entry, marker.id === selectedId);
    return entry;
  };

  const describeCluster = (entry: Drawn, circle: Element, text: Element) => {
    const feature = entry.feature as MapFeature & { kind: 'cluster' };
    entry.element.setAttribute('aria-label', `${feature.count} dealers here; press Enter to zoom in`);
    const compact = (drawnFor?.view.width ?? Number.POSITIVE_INFINITY) < COMPACT_MAP_WIDTH;
    circle.setAttribute('r', String(clusterRadius(feature.count, compact)));
    entry.element.classList.toggle('dealer-map__cluster--compact', compact);
    text.textContent = clusterLabel(feature.count);
  };

  const clusterEntry = (feature: MapFeature & { kind: 'cluster' }): Drawn => {
    const g = element('g', { class: 'dealer-map__cluster', role: 'button', tabindex: 0 }) as SVGGElement;
    const circle = element('circle', {});
    const text = element('text', { dy: '0.35em', 'text-anchor': 'middle' });
    g.append(circle, text);
    const entry: Drawn = {
      feature,
      element: g,
      x: Number.NaN,
      y: Number.NaN,
      write(x, y) {
        const sx = String(tenth(x));
        const sy = String(tenth(y));
        circle.setAttribute('cx', sx);
        circle.setAttribute('cy', sy);
        text.setAttribute('x', sx);
        text.setAttribute('y', sy);
      },
    };
    describeCluster(entry, circle, text);
    return entry;
  };

  /** Another cluster drawn with the element of one no longer drawn. */
  const reuseCluster = (entry: Drawn, feature: MapFeature & { kind: 'cluster' }): Drawn => {
    const [circle, text] = [entry.element.firstElementChild, entry.element.lastElementChild];
    const before = entry.feature as MapFeature & { kind: 'cluster' };
    entry.feature = feature;
    if (circle && text && before.count !== feature.count) describeCluster(entry, circle, text);
    return entry;
  };

  /** A leaving cluster whose element can be lent (a focused one is not: the focus would move unannounced). */
  const lender = (): Drawn | undefined => {
    for (let entry = lendable.pop(); entry; entry = lendable.pop()) {
      const key = keyOf(entry.feature);
      if (leaving.get(key) !== entry || entry.element.contains(document.activeElement)) continue;
      leaving.delete(key);
      return entry;
    }
    return undefined;
  };

  /** The element of a pending marker that came into view: a leaving cluster's, or a new one. */
  const materialize = (key: string, feature: MapFeature): Drawn | null => {
    let entry: Drawn | null = null;
    if (feature.kind === 'cluster') {
      const lent = lender();
      entry = lent ? reuseCluster(lent, feature) : clusterEntry(feature);
    } else {
      const marker = content?.markers.get(feature.id);
      if (marker) entry = dealerEntry(feature, marker);
    }
    if (!entry) return null;
    drawn.set(key, entry);
    byElement.set(entry.element, entry);
    if (!entry.element.parentNode) group.append(entry.element);
    return entry;
  };

  /**
   * The markers of the area of the view `t` (its viewport and the draw margin) at the cluster zoom `level`: those
   * already drawn stay, the others are pending until they come into view, those no longer in it are leaving.
   */
  const draw = (t: ViewTransform, view: Viewport, level: number) => {
    drawnFor = { t, view, level };
    if (!content) return;
    const wanted = new Map<string, MapFeature>();
    for (const feature of content.index.at(level, worldArea(t, view, drawMargin(view)))) {
      wanted.set(keyOf(feature), feature);
    }
    for (const [key, entry] of drawn) {
      if (wanted.has(key)) continue;
      drawn.delete(key);
      stale.delete(entry);
      leaving.set(key, entry);
      if (entry.feature.kind === 'cluster') lendable.push(entry);
    }
    pending.clear();
    for (const [key, feature] of wanted) {
      if (drawn.has(key)) continue;
      const back = leaving.get(key);
      if (back) {
        // drawn again before it left (a pan back, a zoom back to its level): placed when it comes into view
        leaving.delete(key);
        back.feature = feature;
        drawn.set(key, back);
        stale.add(back);
      } else {
        pending.set(key, feature);
      }
    }
  };

  /** Removes the elements of the markers no longer drawn (at rest, or every one: new content). */
  const dropLeaving = () => {
    for (const entry of leaving.values()) entry.element.remove();
    leaving.clear();
    lendable = [];
  };

  const clear = () => {
    for (const entry of drawn.values()) entry.element.remove();
    drawn.clear();
    stale.clear();
    pending.clear();
    dropLeaving();
    origin?.element.remove();
    origin = null;
    drawnFor = null;
    placedFor = null;
  };

  const target = (event: Event) => {
    const found = (event.target as Element | null)?.closest('.dealer-map__marker, .dealer-map__cluster');
    return found ? byElement.get(found) : undefined;
  };
  const act = (entry: Drawn, how: 'pointer' | 'keyboard') => {
    const { feature } = entry;
    if (feature.kind === 'cluster') events.openCluster(feature.world, feature.expansionZoom());
    else events.choose(feature.id, how);
  };
  const onClick = (event: MouseEvent) => {
    const entry = target(event);
    if (!entry) return;
    event.stopPropagation();
    act(entry, 'pointer');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const entry = target(event);
    if (!entry) return;
    event.preventDefault();
    event.stopPropagation();
    act(entry, 'keyboard');
  };
  group.addEventListener('click', onClick);
  group.addEventListener('keydown', onKeyDown);

  return {
    setContent(next) {
      clear();
      content = next;
      pinTail = pinPathAfterPoint(next.pinScale);
      group.style.setProperty('--pin-scale', String(next.pinScale));
      if (next.origin) {
        const halo = element('circle', { r: 12, class: 'dealer-map__origin-halo' });
        const dot = element('circle', { r: 5, class: 'dealer-map__origin-dot' });
        const g = element('g', { class: 'dealer-map__origin' }) as SVGGElement;
        g.append(halo, dot);
        group.prepend(g);
        origin = {
          element: g,
          place(x, y) {
            for (const circle of [halo, dot]) {
              circle.setAttribute('cx', String(tenth(x)));
              circle.setAttribute('cy', String(tenth(y)));
            }
          },
        };
      }
    },
    setSelected(id) {
      const before = selectedId;
      selectedId = id;
      const was = before === null ? undefined : (drawn.get(`d${before}`) ?? leaving.get(`d${before}`));
      if (was) markSelected(was, false);
      const now = id === null ? undefined : drawn.get(`d${id}`);
      if (now) markSelected(now, true);
    },
    show(t, view, moving) {
      if (view.width === 0 || view.height === 0) return;
      const sameView = drawnFor && drawnFor.view.width === view.width && drawnFor.view.height === view.height;
      const level =
        drawnFor && sameView ? markersToDraw(drawnFor, t, view, drawMargin(view), moving) : clusterZoom(t.k);
      if (level !== null) draw(t, view, level);

      // the view the positions are written for: while the zoom stays, the one they were written for (the group
      // moves), else `t`
      const done = placedFor;
      const pan = done !== null && done.k === t.k;
      const base = pan ? done : t;
      // the group's move since the positions were written (a pan)
      const [dx, dy] = pan ? [t.x - done.x, t.y - done.y] : [0, 0];
      const [x0, y0] = [-SYMBOL_REACH - dx, -SYMBOL_REACH - dy];
      const [x1, y1] = [view.width + SYMBOL_REACH - dx, view.height + SYMBOL_REACH - dy];
      /** whether a point written for `base` shows (near enough to show its symbol) */
      const inView = (x: number, y: number) => x >= x0 && y >= y0 && x <= x1 && y <= y1;
      const at = (feature: MapFeature): [number, number] => [
        feature.world[0] * base.k + base.x,
        feature.world[1] * base.k + base.y,
      ];
      const write = (entry: Drawn, [x, y]: [number, number]) => {
        entry.x = x;
        entry.y = y;
        entry.write(x, y);
      };

      // the markers drawn: those in view (where they are, or where they belong) placed
      for (const entry of pan ? stale : drawn.values()) {
        const position = at(entry.feature);
        if (Number.isNaN(entry.x) || inView(...position) || inView(entry.x, entry.y)) {
          write(entry, position);
          stale.delete(entry);
        } else if (!pan) {
          stale.add(entry);
        }
      }
      // the pending ones that come into view get their elements (lent by leaving clusters where there are some)
      for (const [key, feature] of pending) {
        const position = at(feature);
        if (!inView(...position)) continue;
        pending.delete(key);
        const entry = materialize(key, feature);
        if (entry) write(entry, position);
      }
      // the leaving ones: gone when they would come into view, or when the view is at rest
      if (!moving) dropLeaving();
      for (const [key, entry] of leaving) {
        if (!inView(entry.x, entry.y)) continue;
        leaving.delete(key);
        entry.element.remove();
      }

      if (origin && content?.origin && !pan) {
        const [x, y] = content.origin;
        origin.place(x * base.k + base.x, y * base.k + base.y);
      }
      const move = dx === 0 && dy === 0 ? null : `translate(${dx},${dy})`;
      if (move !== group.getAttribute('transform')) {
        if (move) group.setAttribute('transform', move);
        else group.removeAttribute('transform');
      }
      placedFor = { ...base };
    },
    dispose() {
      clear();
      group.removeEventListener('click', onClick);
      group.removeEventListener('keydown', onKeyDown);
    },
  };
}
