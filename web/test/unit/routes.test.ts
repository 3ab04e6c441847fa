import {
  afterSignIn,
  formatRoute,
  pageTitle,
  parseRoute,
  type Route,
  resolveAddress,
  withQuery,
} from '../../src/app/navigation/routes';

const ADDRESSES: readonly [string, Route][] = [
  ['/', { role: null, page: 'landing' }],
  ['/login', { role: null, page: 'login', next: null }],
  ['/login?next=%2Fadmin%2Fdealers%3Fq%3Dacme', { role: null, page: 'login', next: '/admin/dealers?q=acme' }],
  ['/signup?action=dealer-signup&token=t-1', { role: null, page: 'signup', token: 't-1' }],
  ['/find-a-dealer', { role: null, page: 'locator', embed: false }],
  ['/?view=dealer-locator&embed=1', { role: null, page: 'locator', embed: true }],
  ['/apply', { role: null, page: 'apply' }],
  ['/admin/dashboard', { role: 'admin', tab: 'dashboard' }],
  ['/admin/orders', { role: 'admin', tab: 'orders', orderId: null }],
  ['/admin/orders/ord-1', { role: 'admin', tab: 'orders', orderId: 'ord-1' }],
  ['/admin/receivables', { role: 'admin', tab: 'receivables' }],
  ['/admin/shipping/ready', { role: 'admin', tab: 'shipping', section: 'ready', shipmentId: null }],
  ['/admin/shipping/routes', { role: 'admin', tab: 'shipping', section: 'routes', shipmentId: null }],
  ['/admin/shipping/routes/sh%201', { role: 'admin', tab: 'shipping', section: 'routes', shipmentId: 'sh 1' }],
  ['/admin/pictures', { role: 'admin', tab: 'pictures' }],
  ['/admin/dealers', { role: 'admin', tab: 'dealers', dealerId: null }],
  ['/admin/dealers/D1', { role: 'admin', tab: 'dealers', dealerId: 'D1' }],
  ['/admin/dealers/D1/orders/ord%203', { role: 'admin', tab: 'dealers', dealerId: 'D1', orderId: 'ord 3' }],
  ['/admin/settings/company', { role: 'admin', tab: 'settings', section: 'company' }],
  ['/admin/settings/admin-users', { role: 'admin', tab: 'settings', section: 'admins' }],
  ['/admin/settings/google-maps', { role: 'admin', tab: 'settings', section: 'google' }],
  ['/admin/settings/bulk-import', { role: 'admin', tab: 'settings', section: 'import' }],
  ['/admin/profile', { role: 'admin', tab: 'profile' }],
  ['/dealer/overview', { role: 'dealer', tab: 'overview' }],
  ['/dealer/order-products', { role: 'dealer', tab: 'order' }],
  ['/dealer/orders', { role: 'dealer', tab: 'orders', orderId: null }],
  ['/dealer/orders/ord-2', { role: 'dealer', tab: 'orders', orderId: 'ord-2' }],
  ['/dealer/account', { role: 'dealer', tab: 'account' }],
  ['/dealer/resources', { role: 'dealer', tab: 'resources' }],
  ['/dealer/profile', { role: 'dealer', tab: 'profile', section: 'profile' }],
  ['/dealer/profile/website', { role: 'dealer', tab: 'profile', section: 'website' }],
  ['/dealer/website', { role: 'dealer', tab: 'website' }],
  ['/delivery/shipping/my-routes', { role: 'delivery', tab: 'shipping', section: 'my-routes', shipmentId: null }],
  [
    '/delivery/shipping/my-routes/s%2F3',
    { role: 'delivery', tab: 'shipping', section: 'my-routes', shipmentId: 's/3' },
  ],
  ['/delivery/shipping/ready', { role: 'delivery', tab: 'shipping', section: 'ready', shipmentId: null }],
  ['/delivery/shipping/routes', { role: 'delivery', tab: 'shipping', section: 'routes', shipmentId: null }],
  ['/delivery/shipping/routes/s-9', { role: 'delivery', tab: 'shipping', section: 'routes', shipmentId: 's-9' }],
  ['/delivery/orders', { role: 'delivery', tab: 'orders' }],
  ['/delivery/dealers', { role: 'delivery', tab: 'dealers', dealerId: null }],
  ['/delivery/dealers/D7', { role: 'delivery', tab: 'dealers', dealerId: 'D7' }],
  ['/delivery/profile', { role: 'delivery', tab: 'profile' }],
];

const split = (address: string) => {
  const url = new URL(address, 'http://portal.test');
  return [url.pathname, url.search] as const;
};

describe('The portal’s addresses', () => {
  test.each(ADDRESSES)('When %s is parsed, Then it is its screen, and formats back to itself', (address, route) => {
    const [pathname, search] = split(address);
    expect(parseRoute(pathname, search)).toEqual(route);
    expect(formatRoute(route)).toBe(address);
  });

  test.each([
    ['/admin', { role: 'admin', tab: 'dashboard' }],
    ['/admin/settings', { role: 'admin', tab: 'settings', section: 'company' }],
    ['/admin/shipping', { role: 'admin', tab: 'shipping', section: 'ready', shipmentId: null }],
    ['/dealer', { role: 'dealer', tab: 'overview' }],
    ['/delivery/', { role: 'delivery', tab: 'shipping', section: 'my-routes', shipmentId: null }],
    ['/delivery/shipping', { role: 'delivery', tab: 'shipping', section: 'my-routes', shipmentId: null }],
    ['/admin/dealers/D1/', { role: 'admin', tab: 'dealers', dealerId: 'D1' }],
  ])('When the short address %s is parsed, Then it opens the first screen of its place', (path, route) => {
    expect(parseRoute(path, '')).toEqual(route);
  });

  test.each([
    '/nowhere',
    '/admin/unknown',
    '/admin/settings/none',
    '/admin/dealers/D1/extra',
    '/admin/dealers/D1/orders',
    '/admin/dealers/D1/invoices/ord-3',
    '/admin/dealers/D1/orders/ord-3/extra',
    '/admin/shipping/ready/S1',
    '/admin/shipping/my-routes',
    '/admin/shipping/my-routes/S1',
    '/delivery/shipping/ready/S1',
    '/delivery/shipping/my-routes/S1/extra',
    '/dealer/profile/other',
    '/dealer/account/extra',
    '/admin/receivables/D1',
    '/signup',
    '/login/extra',
    '/apply/extra',
    '/admin/orders/%E0%A4%A',
  ])('When %s is parsed, Then the portal has no such address', (path) => {
    expect(parseRoute(path, '')).toBeNull();
  });

  test('When any path carries the invitation or the old locator query, Then those open (the spec and the widget)', () => {
    expect(parseRoute('/admin/orders', '?action=dealer-signup&token=x')).toEqual({
      role: null,
      page: 'signup',
      token: 'x',
    });
    expect(parseRoute('/', '?view=dealer-locator&embed=1')).toEqual({ role: null, page: 'locator', embed: true });
  });
});

describe('Which screen an address opens for whom', () => {
  test('When signed out on a private address, Then login opens with that address (and its query) as next', () => {
    expect(resolveAddress('/admin/dealers/D1', '?q=acme', null)).toEqual({
      redirect: '/login?next=%2Fadmin%2Fdealers%2FD1%3Fq%3Dacme',
    });
  });

  test('When anyone opens the application page, Then it opens, signed in or not', () => {
    expect(resolveAddress('/apply', '', null)).toEqual({ route: { role: null, page: 'apply' } });
    expect(resolveAddress('/apply', '', 'admin')).toEqual({ route: { role: null, page: 'apply' } });
  });

  test('When a dealer opens an admin address, Then the dealer dashboard opens', () => {
    expect(resolveAddress('/admin/orders/o-1', '', 'dealer')).toEqual({ redirect: '/dealer/overview' });
    expect(resolveAddress('/dealer/orders', '', 'delivery')).toEqual({ redirect: '/delivery/shipping/my-routes' });
  });

  test('When signed in on landing or login, Then the dashboard, or login’s next, opens', () => {
    expect(resolveAddress('/', '', 'admin')).toEqual({ redirect: '/admin/dashboard' });
    expect(resolveAddress('/login', '?next=%2Fadmin%2Forders%3Fstatus%3Dpending', 'admin')).toEqual({
      redirect: '/admin/orders?status=pending',
    });
  });

  test('When an address is unknown, Then landing (signed out) or the dashboard (signed in) opens', () => {
    expect(resolveAddress('/nowhere', '', null)).toEqual({ redirect: '/' });
    expect(resolveAddress('/nowhere', '', 'delivery')).toEqual({ redirect: '/delivery/shipping/my-routes' });
  });

  test('When the role may see the address, Then it opens as itself', () => {
    expect(resolveAddress('/admin/settings/email', '', 'admin')).toEqual({
      route: { role: 'admin', tab: 'settings', section: 'email' },
    });
  });
});

describe('Where sign-in leads', () => {
  test.each([
    ['/admin/dealers?q=a', 'admin', '/admin/dealers?q=a'],
    ['/admin/dealers', 'dealer', '/dealer/overview'],
    ['//evil.test/admin', 'admin', '/admin/dashboard'],
    ['https://evil.test/admin/dashboard', 'admin', '/admin/dashboard'],
    ['/\\evil.test', 'admin', '/admin/dashboard'],
    ['/login', 'admin', '/admin/dashboard'],
    ['/find-a-dealer', 'admin', '/admin/dashboard'],
    [null, 'delivery', '/delivery/shipping/my-routes'],
    ['/delivery/shipping/routes/S1', 'delivery', '/delivery/shipping/routes/S1'],
    ['/admin/shipping/my-routes', 'admin', '/admin/dashboard'],
  ] as const)('When next is %s for a %s, Then %s opens', (next, role, path) => {
    expect(afterSignIn(next, role)).toBe(path);
  });
});

describe('The page title', () => {
  test('When a screen shows, Then the title names it, then the company’s portal', () => {
    expect(pageTitle({ role: 'admin', tab: 'dealers', dealerId: null }, 'Acme')).toBe(
      'Manage Dealers · Acme Dealer Portal',
    );
    expect(pageTitle({ role: 'admin', tab: 'dealers', dealerId: 'D1', orderId: 'x-0123abcd' }, 'Acme')).toBe(
      'Order #0123ABCD · Acme Dealer Portal',
    );
    expect(pageTitle({ role: 'admin', tab: 'settings', section: 'google' }, 'Acme')).toBe(
      'Google Maps · Settings · Acme Dealer Portal',
    );
    expect(pageTitle({ role: null, page: 'locator', embed: false }, 'Acme')).toBe('Find a Dealer · Acme Dealer Portal');
    expect(pageTitle({ role: null, page: 'landing' }, 'Acme')).toBe('Acme Dealer Portal');
    expect(pageTitle({ role: null, page: 'apply' }, 'Acme')).toBe('Apply to become a dealer · Acme Dealer Portal');
    expect(pageTitle({ role: 'delivery', tab: 'shipping', section: 'my-routes', shipmentId: null }, 'Acme')).toBe(
      'My Routes · Acme Dealer Portal',
    );
  });
});

describe('A path with a query', () => {
  test('When the query is empty, Then no "?" is added', () => {
    expect(withQuery('/admin/orders', '')).toBe('/admin/orders');
    expect(withQuery('/admin/orders', '?status=pending')).toBe('/admin/orders?status=pending');
    expect(withQuery('/admin/orders', new URLSearchParams({ q: 'a b' }))).toBe('/admin/orders?q=a+b');
  });
});
