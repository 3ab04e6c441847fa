import type { IdentityHandler } from '../../context';
import * as system from '../../use-cases/settings/system-configuration';

/** GET /api/admin/system-configuration */
export const systemConfiguration: IdentityHandler<'admin.systemConfiguration'> = async (_input, ctx) => ({
  success: true as const,
  configuration: await system.systemConfiguration(ctx),
});

/** POST /api/admin/system-configuration */
export const saveSystemConfiguration: IdentityHandler<'admin.saveSystemConfiguration'> = async (
  { body, user },
  ctx,
) => ({
  success: true as const,
  message: 'System configuration saved successfully!',
  configuration: await system.saveSystemConfiguration(ctx, user, body),
});
