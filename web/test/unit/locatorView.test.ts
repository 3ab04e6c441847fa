import { initialSession } from '../../src/features/session/initialSession';
import { memoryStorage } from './memoryStorage';

const SESSION = {
  authToken: 'token-1',
  userData: JSON.stringify({ full_name: 'Dana', email: 'd@x.test', role: 'dealer', dealer_id: 'DLR-1' }),
};

describe('Opening the dealer locator by its address', () => {
  test('When a visitor opens ?view=dealer-locator, Then the locator shows, signed out', () => {
    expect(initialSession('?view=dealer-locator&embed=1', memoryStorage())).toMatchObject({
      view: 'dealer-locator',
      token: null,
      user: null,
    });
  });

  test('When a signed-in user opens it, Then the locator shows and the session is kept for the way back', () => {
    const state = initialSession('?view=dealer-locator', memoryStorage(SESSION));
    expect(state.view).toBe('dealer-locator');
    expect(state.token).toBe('token-1');
  });

  test('When another view is asked for, Then the usual rules apply', () => {
    expect(initialSession('?view=admin', memoryStorage()).view).toBe('landing');
  });
});
