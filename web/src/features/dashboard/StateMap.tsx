import { stateCodeOf } from '@portal/contracts';
import { geoPath } from 'd3-geo';
import { useMemo, useState } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'us-atlas/states-albers-10m.json';
import { bandColor, mapSummary, STATE_BANDS } from './stateBands';

interface StateShape {
  code: string;
  name: string;
  path: string;
}

/** The 50 state outlines, already projected (Albers USA, 975×610) by us-atlas; computed once. */
function stateShapes(): StateShape[] {
  const topology = atlas as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const path = geoPath();
  return feature(topology, topology.objects.states).features.flatMap((state) => {
    const name = state.properties?.name ?? '';
    // the map covers the 50 states (the District of Columbia is left out, 001 §2)
    const code = name === 'District of Columbia' ? null : stateCodeOf(name);
    const d = path(state);
    return code && d ? [{ code, name, path: d }] : [];
  });
}

interface StateMapProps {
  byState: Readonly<Record<string, number>>;
  onSelectState: (code: string) => void;
}

/** Dealers per state: colour bands, legend, hover tooltip and summary; a state with dealers opens its list. */
export function StateMap({ byState, onSelectState }: StateMapProps) {
  const shapes = useMemo(stateShapes, []);
  const [hover, setHover] = useState<{ shape: StateShape; x: number; y: number } | null>(null);
  const [focused, setFocused] = useState<StateShape | null>(null);
  const summary = mapSummary(
    byState,
    shapes.map((shape) => shape.code),
  );

  return (
    <section className="state-map" aria-labelledby="state-map-title">
      <h2 id="state-map-title">Dealers by State</h2>
      <div className="state-map__canvas">
        {/* biome-ignore lint/a11y/useSemanticElements: an <svg> cannot be a <fieldset>; a group, not an image, so the states inside are controls a screen reader reaches one by one */}
        <svg
          viewBox="0 0 975 610"
          aria-label="United States map of dealers per state"
          role="group"
          onMouseLeave={() => setHover(null)}
        >
          {shapes.map((shape) => {
            const count = byState[shape.code] ?? 0;
            const label = `${shape.name}, ${count} dealer${count === 1 ? '' : 's'}`;
            return (
              // SVG shapes cannot be <button>s: a state with dealers gets the button role, focus and keys itself
              // biome-ignore lint/a11y/noStaticElementInteractions: role is set just below
              <path
                key={shape.code}
                d={shape.path}
                fill={bandColor(count)}
                className={count > 0 ? 'state-map__state state-map__state--active' : 'state-map__state'}
                data-state={shape.code}
                role={count > 0 ? 'button' : 'img'}
                tabIndex={count > 0 ? 0 : undefined}
                aria-label={label}
                onMouseMove={(event) => {
                  const box = event.currentTarget.ownerSVGElement?.parentElement?.getBoundingClientRect();
                  setHover({ shape, x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) });
                }}
                onClick={() => count > 0 && onSelectState(shape.code)}
                onFocus={() => setFocused(shape)}
                onBlur={() => setFocused(null)}
                onKeyDown={(event) => {
                  if (count > 0 && (event.key === 'Enter' || event.key === ' ')) {
                    // Space would also scroll the page
                    event.preventDefault();
                    onSelectState(shape.code);
                  }
                }}
              />
            );
          })}
          {/* the focused state's outline, drawn last: the states after it would otherwise cover its border */}
          {focused && <path d={focused.path} className="state-map__focus-ring" />}
        </svg>
        {hover && (
          <div className="state-map__tooltip" style={{ left: hover.x + 12, top: hover.y + 12 }} role="tooltip">
            <strong>{hover.shape.name}</strong>
            <span>
              {byState[hover.shape.code] ?? 0} dealer{(byState[hover.shape.code] ?? 0) === 1 ? '' : 's'}
            </span>
          </div>
        )}
      </div>
      <ul className="state-map__legend" aria-label="Legend: dealers per state">
        {STATE_BANDS.map((band) => (
          <li key={band.label}>
            <span className="state-map__swatch" style={{ background: band.color }} aria-hidden="true" />
            {band.label}
          </li>
        ))}
      </ul>
      <dl className="state-map__summary">
        <div>
          <dt>States with dealers</dt>
          <dd>
            {summary.statesWithDealers} / {shapes.length}
          </dd>
        </div>
        <div>
          <dt>Total dealers</dt>
          <dd>{summary.total}</dd>
        </div>
        <div>
          <dt>Average per state</dt>
          <dd>{summary.averagePerState}</dd>
        </div>
      </dl>
    </section>
  );
}
