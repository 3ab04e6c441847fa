import { portalRole, resolveAddress } from '../../src/app/navigation/routes';
import { initialSession } from '../../src/features/session/initialSession';
import { memoryStorage } from './memoryStorage';

const admin = { email: 'a@example.com', full_name: 'Alex Admin', role: 'admin', dealer_id: null };
const stored = (user: object) => ({ authToken: 'token-1', userData: JSON.stringify(user) });

/** The spec's start rules: the stored session (initialSession) and the address (resolveAddress) on load. */
function onLoad(url: string, storage: Storage) {
  const session = initialSession(storage);
  const role = session.user ? portalRole(session.user.role) : null;
  const { pathname, search } = new URL(url, 'http://portal.test');
  return { session, shown: resolveAddress(pathname, search, role) };
}

describe('Choosing the screen on load', () => {
  test('When the URL is an invitation link, Then dealer signup opens with its token, even when signed in', () => {
    const { shown } = onLoad('/?action=dealer-signup&token=abc123', memoryStorage(stored(admin)));
    expect(shown.route).toEqual({ role: null, page: 'signup', token: 'abc123' });
  });

  test('When action=dealer-signup comes without a token, Then the invitation is ignored', () => {
    expect(onLoad('/?action=dealer-signup', memoryStorage()).shown.route).toEqual({ role: null, page: 'landing' });
  });

  test.each([
    ['admin', '/admin/dashboard'],
    ['delivery', '/delivery/shipping/my-routes'],
    ['dealer', '/dealer/overview'],
    ['sales', '/dealer/overview'],
  ])('When a %s session is stored, Then landing opens its dashboard %s', (role, path) => {
    const { session, shown } = onLoad('/', memoryStorage(stored({ ...admin, role })));
    expect(session).toMatchObject({ token: 'token-1', user: { full_name: 'Alex Admin', role } });
    expect(shown.redirect).toBe(path);
  });

  test('When only the token is stored, Then landing opens and the token stays', () => {
    const storage = memoryStorage({ authToken: 'token-1' });
    expect(onLoad('/', storage).shown.route).toEqual({ role: null, page: 'landing' });
    expect(storage.getItem('authToken')).toBe('token-1');
  });

  test.each(['{not json', '"a string"', JSON.stringify({ email: 'a@example.com' })])(
    'When the stored user data is %s, Then landing opens and both stored items are cleared',
    (userData) => {
      const storage = memoryStorage({ authToken: 'token-1', userData });
      const { session, shown } = onLoad('/', storage);
      expect(session).toEqual({ token: null, user: null });
      expect(shown.route).toEqual({ role: null, page: 'landing' });
      expect([storage.getItem('authToken'), storage.getItem('userData')]).toEqual([null, null]);
    },
  );
});
