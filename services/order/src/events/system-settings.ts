import type { BaseConfig, Consumer } from '@portal/platform';
import { rememberSystemTimezone } from '../use-cases/read-models';

/** identity's system configuration: the timezone the orders lists count their days in. */
export const timezoneChanged: Consumer<'settings.timezone_changed', BaseConfig> = (event, ctx) =>
  rememberSystemTimezone(ctx.manager, event.payload.system_timezone, event.occurredAt);
