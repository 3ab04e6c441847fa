import type { endpoints } from '@portal/contracts';
import type { Handler } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { writeSettings } from '../../data/settings-store';
import {
  emailSettingsView,
  lockEmailSettings,
  readEmailSettings,
  type StoredEmailSettings,
  sealSmtpPassword,
  storedPasswordApplies,
} from '../../domain/settings/email-settings';

type Ctx = IdentityContext;

/** GET /api/admin/email-settings — never the password, only whether one is stored. */
export const emailSettings: Handler<(typeof endpoints)['admin.emailSettings'], Ctx> = async (_input, ctx) => ({
  success: true as const,
  settings: emailSettingsView(await readEmailSettings(ctx.db.manager)),
});

/**
 * POST /api/admin/email-settings — a new password is sealed before it is stored; a blank one keeps the
 * stored password while the server and username stay the same (else it is dropped, so it never follows
 * the settings to another host).
 */
export const saveEmailSettings: Handler<(typeof endpoints)['admin.saveEmailSettings'], Ctx> = async (
  { body, user },
  ctx,
) => {
  const saved = await ctx.transaction(async (manager) => {
    const current = await lockEmailSettings(manager);
    const newPassword = body.smtp_password ? sealSmtpPassword(ctx.config, body.smtp_password) : undefined;
    const next: StoredEmailSettings = {
      smtp_server: body.smtp_server,
      smtp_port: body.smtp_port,
      smtp_username: body.smtp_username ?? '',
      smtp_password_sealed: newPassword ?? (storedPasswordApplies(current, body) ? current.smtp_password_sealed : null),
      sender_name: body.sender_name ?? '',
      sender_email: body.sender_email,
      use_ssl: body.use_ssl,
      notifications_enabled: body.notifications_enabled,
    };
    await writeSettings(manager, 'email', next, user.email);
    return next;
  });
  ctx.logger.info({ smtp_server: saved.smtp_server, by: user.email }, 'email settings saved');
  return { success: true as const, message: 'Email settings saved successfully!', settings: emailSettingsView(saved) };
};
