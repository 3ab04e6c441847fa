import { drawLandImage, type LandRequest } from './landDrawing';
import type { LandWorkerAnswer, LandWorkerMessage } from './landWorker';

/** Draws the land on the map's canvas: in a worker where the browser can, else on the main thread. */
export interface LandLayer {
  /** Asks for the land of a view; the newest request wins over one not yet started. */
  draw(request: LandRequest): void;
  dispose(): void;
}

/**
 * `onDrawn` is called when the canvas shows the land of `request` (at once on the main thread; when the worker's
 * image arrives otherwise), so the caller moves it to the view of that moment in the same task: image and transform
 * change together.
 */
export function landLayer(
  canvas: HTMLCanvasElement,
  paths: { land: string; borders: string },
  onDrawn: (request: LandRequest) => void,
): LandLayer {
  const size = (request: LandRequest) => {
    canvas.style.width = `${request.width / request.ratio}px`;
    canvas.style.height = `${request.height / request.ratio}px`;
    canvas.style.left = `${-request.margin}px`;
    canvas.style.top = `${-request.margin}px`;
  };
  const mainThread = (): LandLayer => {
    const shapes = { land: new Path2D(paths.land), borders: new Path2D(paths.borders) };
    const context = canvas.getContext('2d');
    return {
      draw(request) {
        if (!context) return;
        if (canvas.width !== request.width || canvas.height !== request.height) {
          canvas.width = request.width;
          canvas.height = request.height;
        }
        size(request);
        drawLandImage(context, shapes, request);
        onDrawn(request);
      },
      dispose() {},
    };
  };

  const renderer = typeof OffscreenCanvas === 'undefined' ? null : canvas.getContext('bitmaprenderer');
  if (!renderer || typeof Worker === 'undefined') return mainThread();
  let worker: Worker;
  try {
    worker = new Worker(new URL('./landWorker.ts', import.meta.url), { type: 'module', name: 'dealer-map-land' });
  } catch {
    return offscreenOnMainThread();
  }

  let next = 0;
  let busy = false;
  let pending: LandRequest | null = null;
  let sent: LandRequest | null = null;
  let fallback: LandLayer | null = null;
  const send = (request: LandRequest) => {
    busy = true;
    sent = request;
    next += 1;
    worker.postMessage({ kind: 'draw', id: next, request } satisfies LandWorkerMessage);
  };
  worker.onmessage = (event: MessageEvent<LandWorkerAnswer>) => {
    const { request, image } = event.data;
    size(request);
    renderer.transferFromImageBitmap(image);
    onDrawn(request);
    busy = false;
    if (pending) {
      const request = pending;
      pending = null;
      send(request);
    }
  };
  worker.onerror = () => {
    // a worker that cannot start (e.g. a policy refuses it): the main thread draws from now on
    worker.terminate();
    fallback = offscreenOnMainThread();
    const last = pending ?? sent;
    if (last) fallback.draw(last);
  };
  worker.postMessage({ kind: 'shapes', ...paths } satisfies LandWorkerMessage);

  return {
    draw(request) {
      if (fallback) fallback.draw(request);
      else if (busy) pending = request;
      else send(request);
    },
    dispose() {
      worker.terminate();
    },
  };

  /** The same drawing on the main thread, through an OffscreenCanvas (the canvas has a bitmap renderer). */
  function offscreenOnMainThread(): LandLayer {
    const shapes = { land: new Path2D(paths.land), borders: new Path2D(paths.borders) };
    return {
      draw(request) {
        const offscreen = new OffscreenCanvas(request.width, request.height);
        const context = offscreen.getContext('2d');
        if (!context || !renderer) return;
        drawLandImage(context, shapes, request);
        size(request);
        renderer.transferFromImageBitmap(offscreen.transferToImageBitmap());
        onDrawn(request);
      },
      dispose() {},
    };
  }
}
