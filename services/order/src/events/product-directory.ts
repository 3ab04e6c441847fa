import type { BaseConfig, Consumer } from '@portal/platform';
import { rememberProduct } from '../use-cases/read-models';

/** The catalogue's events: which products may be ordered, and the title and price a new line snapshots. */

export const productCreated: Consumer<'product.created', BaseConfig> = (event, ctx) =>
  rememberProduct(ctx.manager, event.payload, event.occurredAt, false);

export const productUpdated: Consumer<'product.updated', BaseConfig> = (event, ctx) =>
  rememberProduct(ctx.manager, event.payload, event.occurredAt, false);

export const productDeleted: Consumer<'product.deleted', BaseConfig> = (event, ctx) =>
  rememberProduct(ctx.manager, event.payload, event.occurredAt, true);
