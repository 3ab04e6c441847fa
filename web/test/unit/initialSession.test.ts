import { initialSession } from '../../src/features/session/initialSession';
import { memoryStorage } from './memoryStorage';

const admin = { email: 'a@example.com', full_name: 'Alex Admin', role: 'admin', dealer_id: null };
const stored = (user: object) => ({ authToken: 'token-1', userData: JSON.stringify(user) });

describe('Choosing the view on load', () => {
  test('When the URL is an invitation link, Then dealer-signup opens with its token, even when signed in', () => {
    const session = initialSession('?action=dealer-signup&token=abc123', memoryStorage(stored(admin)));
    expect(session).toMatchObject({ view: 'dealer-signup', signupToken: 'abc123' });
  });

  test('When action=dealer-signup comes without a token, Then the invitation is ignored', () => {
    expect(initialSession('?action=dealer-signup', memoryStorage()).view).toBe('landing');
  });

  test.each([
    ['admin', 'admin-dashboard'],
    ['delivery', 'delivery-dashboard'],
    ['dealer', 'dealer-dashboard'],
    ['sales', 'dealer-dashboard'],
  ])('When a %s session is stored, Then the %s opens', (role, view) => {
    const session = initialSession('', memoryStorage(stored({ ...admin, role })));
    expect(session).toMatchObject({ view, token: 'token-1', user: { full_name: 'Alex Admin', role } });
  });

  test('When only the token is stored, Then landing opens and the token stays', () => {
    const storage = memoryStorage({ authToken: 'token-1' });
    expect(initialSession('', storage).view).toBe('landing');
    expect(storage.getItem('authToken')).toBe('token-1');
  });

  test.each(['{not json', '"a string"', JSON.stringify({ email: 'a@example.com' })])(
    'When the stored user data is %s, Then landing opens and both stored items are cleared',
    (userData) => {
      const storage = memoryStorage({ authToken: 'token-1', userData });
      expect(initialSession('', storage)).toEqual({ view: 'landing', token: null, user: null, signupToken: null });
      expect([storage.getItem('authToken'), storage.getItem('userData')]).toEqual([null, null]);
    },
  );
});
