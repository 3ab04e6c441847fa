import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { currentSystemConfiguration, storeSystemConfiguration } from '../../use-cases/settings/system-configuration';

/** GET /api/admin/system-configuration */
export const systemConfiguration: IdentityHandler<'admin.systemConfiguration'> = async (_input, ctx) =>
  succeeded({ configuration: await currentSystemConfiguration(ctx) });

/** POST /api/admin/system-configuration */
export const saveSystemConfiguration: IdentityHandler<'admin.saveSystemConfiguration'> = async ({ body, user }, ctx) =>
  succeeded({
    message: 'System configuration saved successfully!',
    configuration: await storeSystemConfiguration(ctx, user, body),
  });
