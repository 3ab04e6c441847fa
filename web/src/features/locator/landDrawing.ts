import type { ViewTransform } from './mapView';

/** The land's colours and line widths (screen px at any zoom). */
export const LAND_STYLE = {
  fill: '#f3efe3',
  outline: '#9aa79c',
  outlineWidth: 1,
  borders: '#b8b09b',
  bordersWidth: 0.75,
};

/** What the land image is drawn for: the view, the margin (css px) past each edge of the map, the pixel ratio. */
export interface LandRequest {
  t: ViewTransform;
  margin: number;
  ratio: number;
  /** the canvas size in device pixels: (map + 2 × margin) × ratio */
  width: number;
  height: number;
}

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Draws the land and the state borders (path data in the map's world space) for the view of `request`. */
export function drawLandImage(context: Context2D, shapes: { land: Path2D; borders: Path2D }, request: LandRequest) {
  const { t, margin, ratio, width, height } = request;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, width, height);
  context.setTransform(ratio * t.k, 0, 0, ratio * t.k, ratio * (t.x + margin), ratio * (t.y + margin));
  context.fillStyle = LAND_STYLE.fill;
  context.fill(shapes.land);
  context.lineJoin = 'round';
  context.strokeStyle = LAND_STYLE.outline;
  context.lineWidth = LAND_STYLE.outlineWidth / t.k;
  context.stroke(shapes.land);
  context.strokeStyle = LAND_STYLE.borders;
  context.lineWidth = LAND_STYLE.bordersWidth / t.k;
  context.stroke(shapes.borders);
}
