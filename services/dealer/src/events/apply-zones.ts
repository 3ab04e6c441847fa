import type { EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { ConsumerContext } from '@portal/platform';
import type { DealerConfig } from '../config';
import { saveConfiguredZones } from '../data/configured-zones';

/** identity's system configuration changed its zones: dealers are checked against the new list from now on. */
export async function applyZones(
  event: EventEnvelope<PayloadOfType<'settings.zones_changed'>>,
  ctx: ConsumerContext<DealerConfig>,
): Promise<void> {
  await saveConfiguredZones(ctx.manager, event.payload.zones, event.occurredAt);
}
