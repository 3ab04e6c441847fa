import type { ShippingSettingsRequest } from '@portal/contracts';
import type { z } from 'zod';
import type { ShippingContext } from '../context';
import { readRouteSettings, saveRouteSettings } from '../data/route-settings';
import type { RouteSettings } from '../domain/shipment-view';

export const routeSettings = (ctx: ShippingContext): Promise<RouteSettings> => readRouteSettings(ctx.db.manager);

export async function saveSettings(
  ctx: ShippingContext,
  form: z.output<typeof ShippingSettingsRequest>,
): Promise<RouteSettings> {
  const settings: RouteSettings = {
    start_label: form.start_label || null,
    start_coordinates: form.start_coordinates ?? null,
    average_speed_mph: form.average_speed_mph,
    service_minutes: form.service_minutes,
  };
  await ctx.transaction((manager) => saveRouteSettings(manager, settings));
  return settings;
}
