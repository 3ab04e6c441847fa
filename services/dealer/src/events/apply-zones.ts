import type { DealerConsumer } from '../context';
import { applyConfiguredZones } from '../use-cases/event-copies';

/** settings.zones_changed: identity's system configuration changed its zones. */
export const applyZones: DealerConsumer<'settings.zones_changed'> = (event, ctx) =>
  applyConfiguredZones(ctx, event.payload.zones, event.occurredAt);
