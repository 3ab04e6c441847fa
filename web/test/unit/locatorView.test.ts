import { embeddedLocatorPage } from '@portal/contracts/values';
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

/** Addresses around the embed widget's frame: framable (the gateway's rule) or not. */
const FRAMING: readonly [string, boolean][] = [
  ['/?view=dealer-locator&embed=1', true],
  ['/?embed=1&view=dealer-locator', true],
  ['/?view=dealer-locator&embed=1&zip=59801&radius=50', true],
  ['/?view=dealer-locator&embed=1&action=dealer-signup&token=x', false],
  ['/?view=dealer-locator&embed=1&token=x', false],
  ['/?view=dealer-locator&embed=1&action=dealer-signup', false],
  ['/?view=dealer-locator&embed=1&next=%2Fadmin', false],
  ['/?view=dealer-locator&embed=1&view=admin', false],
  ['/?view=dealer-locator&embed=1&embed=1', false],
  ['/?view=dealer-locator&embed=true', false],
  ['/?view=dealer-locator', false],
  ['/?embed=1', false],
  ['/find-a-dealer?embed=1', false],
  ['/find-a-dealer?view=dealer-locator&embed=1', false],
  ['/admin/dashboard?view=dealer-locator&embed=1', false],
  ['/signup?action=dealer-signup&token=x&view=dealer-locator&embed=1', false],
];

describe('The embedded locator and the framing rule agree', () => {
  test.each(FRAMING)('When %s is opened, Then it is framable: %s', (address, framable) => {
    const url = new URL(address, 'http://portal.test');
    expect(embeddedLocatorPage(url.pathname, url.search)).toBe(framable);
  });

  test.each(FRAMING)(
    'When %s is opened by anyone, Then the embedded locator shows exactly when the page is framable',
    (address) => {
      const url = new URL(address, 'http://portal.test');
      const framable = embeddedLocatorPage(url.pathname, url.search);
      for (const role of [null, 'admin', 'dealer', 'delivery'] as const) {
        const { route } = resolveAddress(url.pathname, url.search, role);
        const embeddedLocator = route?.role === null && route.page === 'locator' && route.embed;
        expect(embeddedLocator).toBe(framable);
        // a framable page shows the locator and nothing else (never signup by invitation)
        if (framable) expect(route).toEqual({ role: null, page: 'locator', embed: true });
      }
    },
  );

  test('When an invitation link carries the embed query, Then it opens signup on a page no other site may frame', () => {
    const search = '?view=dealer-locator&embed=1&action=dealer-signup&token=x';
    expect(resolveAddress('/', search, null).route).toEqual({ role: null, page: 'signup', token: 'x' });
    expect(embeddedLocatorPage('/', search)).toBe(false);
  });
});
