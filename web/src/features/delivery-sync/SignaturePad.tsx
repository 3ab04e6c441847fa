import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { Button } from '../../ui/Button';

export interface SignaturePadHandle {
  /** the drawing as a PNG, or null while nothing is drawn */
  toPng(): Promise<Blob | null>;
}

interface SignaturePadProps {
  label: string;
  required: boolean;
  error?: string;
  onChange: (signed: boolean) => void;
}

/**
 * A signature drawn on a canvas with pointer events (finger, pen or mouse). The canvas is a labelled image with
 * instructions; everything else in the dialog stays reachable by keyboard (Clear is a button), and a keyboard
 * user hands the phone to the recipient to sign.
 */
export const SignaturePad = forwardRef<SignaturePadHandle, SignaturePadProps>(function SignaturePad(
  { label, required, error, onChange },
  handle,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  /** the strokes drawn, in CSS pixels of the box: drawn again when the box changes size (a phone turned) */
  const strokes = useRef<{ x: number; y: number }[][]>([]);
  const drawing = useRef<number | null>(null);
  const [signed, setSigned] = useState(false);
  const id = useId();

  // the canvas draws at the device's pixel density, sized to its box: measured when the box gets its size (the
  // dialog opens after this mounts) and whenever it changes, the strokes drawn again
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const box = element.getBoundingClientRect();
      const width = Math.max(1, Math.round(box.width * ratio));
      const height = Math.max(1, Math.round(box.height * ratio));
      if (element.width === width && element.height === height) return;
      element.width = width;
      element.height = height;
      const context = penOf(element);
      if (!context) return;
      paper(context, element);
      for (const stroke of strokes.current) drawStroke(context, stroke);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useImperativeHandle(handle, () => ({
    toPng: () =>
      new Promise<Blob | null>((resolve) => {
        const element = canvas.current;
        if (!element || !signed) return resolve(null);
        element.toBlob((blob) => resolve(blob), 'image/png');
      }),
  }));

  function point(element: HTMLCanvasElement, event: { clientX: number; clientY: number }) {
    const box = element.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function start(event: React.PointerEvent<HTMLCanvasElement>) {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    try {
      // the stroke goes on when the finger slides past the edge
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser no longer tracks: drawn without capture
    }
    const stroke = [point(event.currentTarget, event)];
    strokes.current.push(stroke);
    drawing.current = event.pointerId;
    const context = penOf(event.currentTarget, false);
    if (context) drawStroke(context, stroke);
    mark();
  }

  function move(event: React.PointerEvent<HTMLCanvasElement>) {
    if (drawing.current !== event.pointerId) return;
    const stroke = strokes.current.at(-1);
    if (!stroke) return;
    event.preventDefault();
    const element = event.currentTarget;
    const coalesced = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const from = stroke.length - 1;
    for (const each of coalesced.length > 0 ? coalesced : [event.nativeEvent]) stroke.push(point(element, each));
    const context = penOf(element, false);
    if (context) drawStroke(context, stroke.slice(from));
  }

  function end(event: React.PointerEvent<HTMLCanvasElement>) {
    if (drawing.current === event.pointerId) drawing.current = null;
  }

  function mark() {
    if (!signed) {
      setSigned(true);
      onChange(true);
    }
  }

  function clear() {
    const element = canvas.current;
    strokes.current = [];
    drawing.current = null;
    const context = element && penOf(element, false);
    if (element && context) paper(context, element);
    setSigned(false);
    onChange(false);
  }

  return (
    <div className="field signature-pad">
      <span className="signature-pad__label" id={`${id}-label`}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      <p className="field__hint" id={`${id}-hint`}>
        The recipient signs in the box with a finger, pen or mouse.
      </p>
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        role="img"
        aria-labelledby={`${id}-label`}
        aria-describedby={[`${id}-hint`, `${id}-state`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        data-signed={signed || undefined}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <div className="signature-pad__row">
        <span id={`${id}-state`} className="signature-pad__state" aria-live="polite">
          {signed ? 'Signed' : 'Not signed yet'}
        </span>
        <Button variant="secondary" onClick={clear} disabled={!signed}>
          Clear signature
        </Button>
      </div>
      <p id={`${id}-error`} className="field__error" aria-live="polite" hidden={!error}>
        {error}
      </p>
    </div>
  );
});

/** The canvas's pen, in CSS pixels of the box (`reset` after the canvas was resized, which forgets the pen). */
function penOf(element: HTMLCanvasElement, reset = true): CanvasRenderingContext2D | null {
  const context = element.getContext('2d');
  if (!context) return null;
  if (reset) {
    const ratio = element.width / Math.max(1, element.getBoundingClientRect().width);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = INK;
    context.fillStyle = INK;
  }
  return context;
}

const INK = '#1b2a1e';

/** A white sheet: the PNG reads the same on any background (an invoice, a dark viewer). */
function paper(context: CanvasRenderingContext2D, element: HTMLCanvasElement): void {
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, element.width, element.height);
  context.restore();
}

/** One stroke: a dot for a tap, else the line through its points. */
function drawStroke(context: CanvasRenderingContext2D, points: readonly { x: number; y: number }[]): void {
  const [first, ...rest] = points;
  if (!first) return;
  context.beginPath();
  if (rest.length === 0) {
    context.arc(first.x, first.y, 1.2, 0, Math.PI * 2);
    context.fill();
    return;
  }
  context.moveTo(first.x, first.y);
  for (const next of rest) context.lineTo(next.x, next.y);
  context.stroke();
}
