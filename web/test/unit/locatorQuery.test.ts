import { DEFAULT_LOCATOR_CATEGORIES } from '../../src/features/locator/embedConfig';
import {
  categoryNameOf,
  categoryOptions,
  locatorQueryOf,
  sameLocatorQuery,
  withLocatorQuery,
} from '../../src/features/locator/locatorQuery';
import { dealerWebsiteHref, directionsHref, websiteHref } from '../../src/features/locator/popup';

describe('The locator search in its address', () => {
  test('When a shared address carries a ZIP, a radius and a category, Then the locator reads that search', () => {
    expect(locatorQueryOf(new URLSearchParams('zip=66002&radius=50&category=pro_staff_dealer'))).toEqual({
      place: '66002',
      radius: 50,
      category: 'pro_staff_dealer',
    });
    expect(locatorQueryOf(new URLSearchParams('q=Austin%2C%20TX'))).toEqual({
      place: 'Austin, TX',
      radius: undefined,
      category: undefined,
    });
  });

  test('When the address carries values the filters do not offer, Then they are ignored', () => {
    expect(locatorQueryOf(new URLSearchParams('radius=7&category=<script>'))).toEqual({
      place: '',
      radius: undefined,
      category: undefined,
    });
  });

  test('When a search is kept, Then a ZIP goes in ?zip=, other places in ?q=, and other parameters stay', () => {
    const current = new URLSearchParams('view=dealer-locator&q=old&radius=10');
    expect(withLocatorQuery(current, { place: '66002', radius: 50 })).toBe('?view=dealer-locator&zip=66002&radius=50');
    expect(withLocatorQuery(current, { place: 'Austin, TX', category: 'dealer' })).toBe(
      '?view=dealer-locator&q=Austin%2C+TX&category=dealer',
    );
    expect(withLocatorQuery(new URLSearchParams('zip=66002'), { place: '' })).toBe('');
  });

  test('When a kept search is read back, Then it is the same search', () => {
    const query = { place: '66002', radius: 25, category: 'dealer' };
    expect(
      sameLocatorQuery(locatorQueryOf(new URLSearchParams(withLocatorQuery(new URLSearchParams(), query))), query),
    ).toBe(true);
    expect(sameLocatorQuery(query, { ...query, radius: 50 })).toBe(false);
  });
});

describe('The category filter', () => {
  test('When dealers are known, Then the configured categories they have are offered, then the ones not configured', () => {
    const dealers = [{ category: 'dealer' }, { category: 'pro_staff_dealer' }, { category: 'manufacturer' }];
    expect(categoryOptions(DEFAULT_LOCATOR_CATEGORIES, dealers)).toEqual([
      { id: 'dealer', name: 'Dealer' },
      { id: 'manufacturer', name: 'Manufacturer' },
      { id: 'pro_staff_dealer', name: 'Pro Staff Dealer' },
    ]);
  });

  test('When a configured category names a category, Then its configured name is used, and one nobody has is left out', () => {
    const configured = [
      ...DEFAULT_LOCATOR_CATEGORIES,
      { id: 'pro_staff_dealer', name: 'Pro-Staff Dealers', color: 'green', icon: null, iconSize: 10 },
    ];
    expect(categoryOptions(configured, [{ category: 'pro_staff_dealer' }])).toEqual([
      { id: 'pro_staff_dealer', name: 'Pro-Staff Dealers' },
    ]);
  });

  test('When the dealers are not yet known, Then every configured category is offered', () => {
    expect(categoryOptions(DEFAULT_LOCATOR_CATEGORIES, undefined).map((option) => option.id)).toEqual([
      'dealer',
      'manufacturer',
      'distributor',
    ]);
    expect(categoryNameOf('pro_staff_dealer')).toBe('Pro Staff Dealer');
  });
});

describe("A dealer's links", () => {
  test('When a website has no scheme, Then https:// is added; a non-http scheme is never linked', () => {
    expect(websiteHref('dealer.example.com')).toBe('https://dealer.example.com');
    expect(websiteHref('http://dealer.example.com/a')).toBe('http://dealer.example.com/a');
    expect(websiteHref('example.com:8080/shop')).toBe('https://example.com:8080/shop');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('data:text/html,hi')).toBeNull();
    expect(websiteHref('  ')).toBeNull();
  });

  test('When the generated website is live, Then Visit Website opens it rather than the own website', () => {
    expect(dealerWebsiteHref({ website: 'own.example.com', published_website: '/api/dealer-website/D1' })).toBe(
      '/api/dealer-website/D1',
    );
    expect(dealerWebsiteHref({ website: 'own.example.com', published_website: null })).toBe('https://own.example.com');
    expect(dealerWebsiteHref({ website: null, published_website: '//evil.example' })).toBeNull();
  });

  test('When directions are asked, Then Google Maps gets the coordinates, else the address', () => {
    expect(directionsHref({ lat: 39.56, lng: -95.12 }, ['819 Commercial St'])).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=39.56%2C-95.12',
    );
    expect(directionsHref(null, ['819 Commercial St', 'Atchison, KS 66002'])).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=819%20Commercial%20St%2C%20Atchison%2C%20KS%2066002',
    );
    expect(directionsHref(null, [])).toBeNull();
  });
});
