/**
 * Draws the dealer map's land off the main thread (an OffscreenCanvas) and hands each image back as an ImageBitmap,
 * so redrawing the land during a pan or zoom never holds a frame up.
 */
import { drawLandImage, type LandRequest } from './landDrawing';

export type LandWorkerMessage =
  | { kind: 'shapes'; land: string; borders: string }
  | { kind: 'draw'; id: number; request: LandRequest };

export interface LandWorkerAnswer {
  id: number;
  request: LandRequest;
  image: ImageBitmap;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<LandWorkerMessage>) => void) | null;
  postMessage(message: LandWorkerAnswer, transfer: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
let shapes: { land: Path2D; borders: Path2D } | null = null;
let canvas: OffscreenCanvas | null = null;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'shapes') {
    shapes = { land: new Path2D(message.land), borders: new Path2D(message.borders) };
    return;
  }
  if (!shapes) return;
  const { request } = message;
  if (!canvas || canvas.width !== request.width || canvas.height !== request.height) {
    canvas = new OffscreenCanvas(request.width, request.height);
  }
  const context = canvas.getContext('2d');
  if (!context) return;
  drawLandImage(context, shapes, request);
  const image = canvas.transferToImageBitmap();
  scope.postMessage({ id: message.id, request, image }, [image]);
};
