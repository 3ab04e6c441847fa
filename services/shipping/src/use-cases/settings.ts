import type { ShippingSettingsRequest } from '@portal/contracts';
import { recordAudit } from '@portal/platform';
import type { z } from 'zod';
import type { ShippingContext } from '../context';
import { readRouteSettings, saveRouteSettings } from '../data/route-settings';
import type { RouteSettings } from '../domain/shipment-view';

export const routeSettings = (ctx: ShippingContext): Promise<RouteSettings> => readRouteSettings(ctx.db.manager);

export async function saveSettings(
  ctx: ShippingContext,
  form: z.output<typeof ShippingSettingsRequest>,
): Promise<RouteSettings> {
  return ctx.transaction(async (manager, emit) => {
    // the proof requirements are optional in the form (older clients do not send them): kept when absent
    const current = await readRouteSettings(manager);
    const settings: RouteSettings = {
      start_label: form.start_label || null,
      start_coordinates: form.start_coordinates ?? null,
      average_speed_mph: form.average_speed_mph,
      service_minutes: form.service_minutes,
      proof_signature_required: form.proof_signature_required ?? current.proof_signature_required,
      proof_photo_required: form.proof_photo_required ?? current.proof_photo_required,
    };
    await saveRouteSettings(manager, settings);
    await recordAudit(emit, {
      action: 'settings.updated',
      entity: 'settings',
      entity_id: 'route_settings',
      before: { ...current },
      after: { ...settings },
    });
    return settings;
  });
}
