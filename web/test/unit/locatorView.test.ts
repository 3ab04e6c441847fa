import { LOCATOR_PATH, resolveAddress } from '../../src/app/navigation/routes';

describe('Opening the dealer locator by its address', () => {
  test('When a visitor opens /find-a-dealer, Then the locator shows, signed out', () => {
    expect(resolveAddress(LOCATOR_PATH, '?zip=59801', null).route).toEqual({
      role: null,
      page: 'locator',
      embed: false,
    });
  });

  test('When the embed widget frames the old ?view=dealer-locator&embed=1, Then the embedded locator shows', () => {
    expect(resolveAddress('/', '?view=dealer-locator&embed=1', null).route).toEqual({
      role: null,
      page: 'locator',
      embed: true,
    });
  });

  test('When a signed-in user opens it, Then the locator shows (not the dashboard)', () => {
    expect(resolveAddress(LOCATOR_PATH, '', 'dealer').route).toMatchObject({ page: 'locator' });
    expect(resolveAddress('/', '?view=dealer-locator', 'admin').route).toMatchObject({ page: 'locator' });
  });

  test('When another view is asked for, Then the usual rules apply', () => {
    expect(resolveAddress('/', '?view=admin', null).route).toEqual({ role: null, page: 'landing' });
  });
});
