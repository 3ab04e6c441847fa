import { conflict, hashOpaqueToken, newOpaqueToken, unauthorized } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  createChallenge,
  deleteChallenge,
  deleteExpiredChallenges,
  findChallenge,
  findMfa,
  type MfaChallenge,
  recordUsedStep,
  spendChallengeAttempt,
  useRecoveryCode,
} from '../../data/mfa';
import type { SessionClient } from '../../data/sessions';
import { readSystemConfiguration } from '../../data/settings';
import { findUserById, type UserRecord } from '../../data/users';
import { readSecondFactorCode } from '../../domain/mfa/second-factor-code';
import { checkTotp } from '../../domain/mfa/totp';
import { type SignedIn, startSignedInSession } from '../auth/sign-in';
import { CODES_PER_MFA_TOKEN } from './mfa-limits';
import { openTotpSecret } from './mfa-secrets';
import { confirmPendingSecret, type MfaSetup, newPendingSecret } from './own-mfa';

/** How long the second step may follow the password step. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000;

const SIGN_IN_AGAIN = 'Your sign-in has expired. Please sign in again.';
const WRONG_CODE = 'Incorrect code. Enter the current code from your authenticator app, or a recovery code.';

/** What the password step answers when a second factor is needed. */
export interface MfaChallengeIssued {
  mfaToken: string;
  /** the company requires it of admins and this admin has none yet: enrol first */
  enrollmentRequired: boolean;
}

/**
 * Whether the password step of this user needs a second one: a staff user with two-factor sign-in on, or an
 * admin without it while the company requires it (enrolment). Answers the challenge's mfa_token (an opaque
 * token stored hashed: it is no JWT, so no service can take it for an access token), or null.
 */
export async function secondFactorChallenge(
  ctx: IdentityContext,
  user: UserRecord,
): Promise<MfaChallengeIssued | null> {
  if (user.role === 'dealer') return null;
  const mfa = await findMfa(ctx.db.manager, user.id);
  const enabled = Boolean(mfa?.enabled_at);
  const enrollmentRequired =
    !enabled && user.role === 'admin' && (await readSystemConfiguration(ctx.db.manager)).require_admin_mfa;
  if (!enabled && !enrollmentRequired) return null;
  const mfaToken = newOpaqueToken();
  await createChallenge(ctx.db.manager, {
    tokenHash: hashOpaqueToken(mfaToken),
    userId: user.id,
    enrolling: enrollmentRequired,
    expiresAt: new Date(ctx.deps.clock().getTime() + MFA_TOKEN_TTL_MS),
  });
  return { mfaToken, enrollmentRequired };
}

/** POST /api/auth/login-mfa-setup: the secret of an enrolment the company requires, during sign-in. */
export async function startSignInEnrolment(ctx: IdentityContext, mfaToken: string): Promise<MfaSetup> {
  const challenge = await findChallenge(
    ctx.db.manager,
    hashOpaqueToken(mfaToken),
    ctx.deps.clock(),
    CODES_PER_MFA_TOKEN,
  );
  if (!challenge) throw unauthorized(SIGN_IN_AGAIN);
  if (!challenge.enrolling) throw conflict('Error: Two-factor sign-in is already on: enter a code from your app');
  const user = await findUserById(ctx.db.manager, challenge.user_id);
  if (!user) throw unauthorized(SIGN_IN_AGAIN);
  return newPendingSecret(ctx, user.id, user.email);
}

export interface MfaSignedIn extends SignedIn {
  /** only when this sign-in enrolled the second factor */
  recoveryCodes?: string[];
}

/**
 * POST /api/auth/login-mfa: the second step. Each code spends one of the token's CODES_PER_MFA_TOKEN tries
 * (committed whatever the outcome, so a wrong code is never free) and one of the account's tries per 15
 * minutes. A right code opens the session exactly as the password step does and uses the token up; a TOTP
 * code of a step already used is refused, a recovery code works once.
 */
export async function completeMfaSignIn(
  ctx: IdentityContext,
  mfaToken: string,
  typed: string,
  client: SessionClient,
): Promise<MfaSignedIn> {
  const tokenHash = hashOpaqueToken(mfaToken);
  const now = ctx.deps.clock();
  const live = await findChallenge(ctx.db.manager, tokenHash, now, CODES_PER_MFA_TOKEN);
  if (!live) throw unauthorized(SIGN_IN_AGAIN);
  await ctx.deps.mfaLimits.codesPerAccount.consume(live.user_id);
  const challenge = await spendChallengeAttempt(ctx.db.manager, tokenHash, now, CODES_PER_MFA_TOKEN);
  if (!challenge) throw unauthorized(SIGN_IN_AGAIN);
  const user = await findUserById(ctx.db.manager, challenge.user_id);
  if (!user) throw unauthorized(SIGN_IN_AGAIN);
  if (challenge.enrolling) return completeEnrolment(ctx, tokenHash, user, typed, client);
  const accepted = await ctx.db.transaction(async (manager) => {
    if (!(await acceptCode(ctx, manager, challenge, typed, now))) return false;
    if (!(await deleteChallenge(manager, tokenHash))) throw unauthorized(SIGN_IN_AGAIN);
    return true;
  });
  if (!accepted) throw unauthorized(wrongCodeDetail(challenge));
  return startSignedInSession(ctx, user, client);
}

async function acceptCode(
  ctx: IdentityContext,
  manager: EntityManager,
  challenge: MfaChallenge,
  typed: string,
  now: Date,
): Promise<boolean> {
  const mfa = await findMfa(manager, challenge.user_id);
  if (!mfa?.enabled_at) return false;
  const code = readSecondFactorCode(typed);
  if (code.kind === 'recovery') return useRecoveryCode(manager, challenge.user_id, hashOpaqueToken(code.code));
  if (code.kind !== 'totp') return false;
  const check = checkTotp(
    openTotpSecret(ctx, challenge.user_id, mfa.secret_sealed),
    code.code,
    now,
    mfa.last_used_step,
  );
  return check.valid && recordUsedStep(manager, challenge.user_id, check.step);
}

async function completeEnrolment(
  ctx: IdentityContext,
  tokenHash: string,
  user: UserRecord,
  typed: string,
  client: SessionClient,
): Promise<MfaSignedIn> {
  const recoveryCodes = await confirmPendingSecret(ctx, user.id, typed);
  await ctx.db.transaction((manager) => deleteChallenge(manager, tokenHash));
  ctx.logger.info({ email: user.email }, 'two-factor sign-in turned on while signing in');
  return { ...(await startSignedInSession(ctx, user, client)), recoveryCodes };
}

function wrongCodeDetail(challenge: MfaChallenge): string {
  const left = CODES_PER_MFA_TOKEN - challenge.attempts;
  return left > 0 ? WRONG_CODE : 'Incorrect code. That was the last try of this sign-in: please sign in again.';
}

/** Housekeeping: challenges whose five minutes are over can never be used again. */
export async function pruneExpiredMfaChallenges(ctx: IdentityContext): Promise<void> {
  await deleteExpiredChallenges(ctx.db.manager, ctx.deps.clock());
}
