import { normaliseRecoveryCode } from './recovery-codes';

/** What a typed second-factor code is: a TOTP code, a recovery code, or neither (a wrong code). */
export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'none' };

/**
 * Reads a typed code: six digits (spaces allowed, as apps show `123 456`) are a TOTP code; otherwise a
 * recovery code in its normal form.
 */
export function readSecondFactorCode(typed: string): SecondFactorCode {
  const digits = typed.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) return { kind: 'totp', code: digits };
  const recovery = normaliseRecoveryCode(typed);
  return recovery ? { kind: 'recovery', code: recovery } : { kind: 'none' };
}
