import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { SENT } from '@portal/platform';
import type { Request, Response } from 'express';
import type { DealerContext, DealerHandler } from '../../context';
import type { ListStatus } from '../../data/dealer-lists';
import { dealerList } from '../../use-cases/dealer-lists';

const gzipAsync = promisify(gzip);

/**
 * One query per list: PostgreSQL builds the whole JSON answer (dealers and, for the active list, the states
 * they are in), and it is written as is — no per-row work in Node, so 10,000 dealers stay fast. An unchanged
 * list is answered from the last build (and its gzip, made once, when the caller accepts gzip); its ETag lets
 * a client revalidate with a 304.
 */
async function sendDealers(
  ctx: DealerContext,
  req: Request,
  res: Response,
  status: ListStatus,
  withStates = false,
): Promise<typeof SENT> {
  const list = await dealerList(ctx, status, withStates);
  res.set({
    'Content-Type': 'application/json; charset=utf-8',
    // dealers' contact details: no cache keeps them (browser or shared); a client that sends the ETag back
    // still gets a 304 for an unchanged list
    'Cache-Control': 'no-store',
    ETag: list.etag,
    Vary: 'Accept-Encoding',
  });
  if (req.fresh) {
    res.status(304).end();
    return SENT;
  }
  if (list.body.length > 1024 && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
    list.gzipped ??= gzipAsync(list.body).catch((err: unknown) => {
      list.gzipped = undefined; // the next request tries again
      throw err;
    });
    const body = await list.gzipped;
    res.set('Content-Encoding', 'gzip').send(body);
  } else {
    res.send(list.body);
  }
  return SENT;
}

/** GET /api/admin/all-dealers-enhanced — active dealers, by state, with available_states. */
export const allDealersEnhanced: DealerHandler<'admin.allDealersEnhanced'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'active', true);

/** GET /api/admin/dealers-list — active dealers for pickers (archived ones never appear in new-order dropdowns). */
export const dealersList: DealerHandler<'admin.dealersList'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'active');

/** GET /api/admin/pending-dealers — applicants waiting for an admin, oldest first. */
export const pendingDealers: DealerHandler<'admin.pendingDealers'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'pending');

/** GET /api/admin/archived-dealers — newest archive first. */
export const archivedDealers: DealerHandler<'admin.archivedDealers'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'archived');
