import { PASSWORD_ONLY_SPACES, PASSWORD_TOO_COMMON, passwordRefusal } from '../../src/domain/passwords';
import { browserLabel } from '../../src/domain/sessions/browser-label';

describe('passwordRefusal', () => {
  test('When a password is only whitespace, Then it is refused as only spaces', () => {
    expect(passwordRefusal('        ')).toBe(PASSWORD_ONLY_SPACES);
    expect(passwordRefusal(' \t \u00a0    ')).toBe(PASSWORD_ONLY_SPACES);
  });

  test('When a password is on the common-passwords list, in any letter case or with spaces around, Then it is refused', () => {
    for (const common of ['password', '12345678', 'Password', 'QWERTYUIOP', '  iloveyou  ', 'baseball']) {
      expect([common, passwordRefusal(common)]).toEqual([common, PASSWORD_TOO_COMMON]);
    }
  });

  test('When a password is uncommon, Then it is accepted, spaces inside included', () => {
    for (const fine of ['correct horse battery', '  correct horse  ', 'Delivery-route-2025']) {
      expect(passwordRefusal(fine)).toBeUndefined();
    }
  });
});

describe('browserLabel', () => {
  test('When the User-Agent names a browser and a system, Then "<browser> on <system>"', () => {
    expect(
      browserLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
    expect(
      browserLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
  });

  test('When there is no User-Agent or it names nothing known, Then null', () => {
    expect(browserLabel(null)).toBeNull();
    expect(browserLabel('')).toBeNull();
    expect(browserLabel('curl-like-thing')).toBeNull();
  });
});
