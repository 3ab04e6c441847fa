import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { disableOwnMfa, enableOwnMfa, ownMfaStatus, startOwnMfaSetup } from '../../use-cases/mfa/own-mfa';

/** GET /api/user/mfa */
export const mfaStatus: IdentityHandler<'user.mfaStatus'> = async ({ user }, ctx) =>
  succeeded(await ownMfaStatus(ctx, user));

/** POST /api/user/mfa/setup */
export const mfaSetup: IdentityHandler<'user.mfaSetup'> = async ({ user }, ctx) => {
  const setup = await startOwnMfaSetup(ctx, user);
  return succeeded({ secret: setup.secret, otpauth_url: setup.otpauthUrl });
};

/** POST /api/user/mfa/enable */
export const mfaEnable: IdentityHandler<'user.mfaEnable'> = async ({ body, user }, ctx) =>
  succeeded({
    message: 'Two-factor sign-in is on.',
    recovery_codes: await enableOwnMfa(ctx, user, body.code),
  });

/** POST /api/user/mfa/disable */
export const mfaDisable: IdentityHandler<'user.mfaDisable'> = async ({ body, user }, ctx) => {
  await disableOwnMfa(ctx, user, body.current_password);
  return succeeded({ message: 'Two-factor sign-in is off.' });
};
