import { generateSync } from 'otplib';
import {
  newRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  RECOVERY_CODE_COUNT,
} from '../../src/domain/mfa/recovery-codes';
import { readSecondFactorCode } from '../../src/domain/mfa/second-factor-code';
import { checkTotp, newTotpSecret, totpUri } from '../../src/domain/mfa/totp';

/** RFC 6238's SHA-1 test key ("12345678901234567890") in base32, and one of its test times. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = new Date(59_000); // step 1 (T = 59 s)

describe('checkTotp (fixed clock)', () => {
  test("When the code is the RFC 6238 test vector's, Then it is valid at its time and names its step", () => {
    // RFC 6238 appendix B: 94287082 at T = 59 s (8 digits); authenticator apps show its last 6
    expect(checkTotp(RFC_SECRET, '287082', at, null)).toEqual({ valid: true, step: 1 });
  });

  test('When the code is one step early or late, Then it is accepted; two steps off, refused', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-27T15:00:10Z');
    const codeAt = (offsetSteps: number) =>
      generateSync({ secret, epoch: Math.floor(now.getTime() / 1000) + offsetSteps * 30 });
    const step = Math.floor(now.getTime() / 30_000);
    expect(checkTotp(secret, codeAt(0), now, null)).toEqual({ valid: true, step });
    expect(checkTotp(secret, codeAt(-1), now, null)).toEqual({ valid: true, step: step - 1 });
    expect(checkTotp(secret, codeAt(1), now, null)).toEqual({ valid: true, step: step + 1 });
    expect(checkTotp(secret, codeAt(-2), now, null)).toEqual({ valid: false });
    expect(checkTotp(secret, codeAt(2), now, null)).toEqual({ valid: false });
  });

  test('When a code of the step already used (or an earlier one) comes again, Then it is refused', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-27T15:00:10Z');
    const step = Math.floor(now.getTime() / 30_000);
    const code = generateSync({ secret, epoch: Math.floor(now.getTime() / 1000) });
    expect(checkTotp(secret, code, now, step)).toEqual({ valid: false });
    expect(checkTotp(secret, code, now, step - 1)).toEqual({ valid: true, step });
    const earlier = generateSync({ secret, epoch: Math.floor(now.getTime() / 1000) - 30 });
    expect(checkTotp(secret, earlier, now, step)).toEqual({ valid: false });
  });

  test('When the secret is new, Then it is 20 bytes of base32 and its URI names the issuer and the email', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpUri(secret, 'Ridge Blinds', 'ann@example.com')).toBe(
      `otpauth://totp/Ridge%20Blinds:ann%40example.com?secret=${secret}&issuer=Ridge%20Blinds`,
    );
  });
});

describe('recovery codes', () => {
  test('When codes are made, Then there are ten, each four groups of four without look-alike symbols', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/);
    expect(newRecoveryCode(() => 0)).toBe('aaaa-aaaa-aaaa-aaaa');
  });

  test('When a code is typed in another case, without dashes or with spaces, Then it reads the same; anything else is none', () => {
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqrs')).toBe('abcdefghjkmnpqrs');
    expect(normaliseRecoveryCode(' ABCD EFGH-JKMN pqrs ')).toBe('abcdefghjkmnpqrs');
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqr')).toBeNull();
    expect(normaliseRecoveryCode('abcd-efgh-jkmn-pqr0')).toBeNull();
    expect(normaliseRecoveryCode('')).toBeNull();
  });
});

describe('readSecondFactorCode', () => {
  test('When six digits are typed (spaces allowed), Then it is a TOTP code; a recovery code is read in its normal form', () => {
    expect(readSecondFactorCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactorCode('ABCD-EFGH-JKMN-PQRS')).toEqual({ kind: 'recovery', code: 'abcdefghjkmnpqrs' });
    expect(readSecondFactorCode('12345')).toEqual({ kind: 'none' });
    expect(readSecondFactorCode('1234567')).toEqual({ kind: 'none' });
  });
});
