import type { Dealer } from '@portal/contracts';
import { bandColor, mapSummary, STATE_BANDS } from '../../src/features/dashboard/stateBands';
import {
  DEFAULT_SORT,
  filterDealers,
  NO_FILTERS,
  nextSort,
  searchMatcher,
  sortDealers,
} from '../../src/features/dealers/dealerFilters';
import { headerImageProblem, safeHttpUrl } from '../../src/features/dealers/headerImage';
import { visibleRange } from '../../src/ui/visibleRange';

function dealer(id: string, fields: Partial<Dealer>): Dealer {
  return {
    dealer_id: id,
    business_name: null,
    full_name: null,
    email: `${id}@dealers.test`,
    phone: null,
    address: null,
    city: null,
    state: null,
    zip_code: null,
    website: null,
    description: null,
    specialties: [],
    use_own_website: true,
    enable_website: false,
    header_image_url: null,
    published_at: null,
    created_at: '2025-01-01T00:00:00.000Z',
    zone: null,
    archived: false,
    status: 'active',
    archived_at: null,
    ...fields,
  };
}

const dealers = [
  dealer('a', {
    business_name: 'Timber Ridge Outfitters',
    city: 'Austin',
    state: 'TX',
    phone: '(512) 555-0101',
    zone: 'Southern Zone',
  }),
  dealer('b', {
    business_name: 'Marsh & Field',
    city: 'Des Moines',
    state: 'IA',
    phone: '515-555-0199',
    zone: 'Midwest Zone',
  }),
  dealer('c', { full_name: 'Ann Decoy', city: 'Albany', state: 'NY', phone: '518 555 7777', zone: 'Eastern Zone' }),
];

describe('Searching and filtering dealers', () => {
  test('When the search is text, Then it matches business name, email, city or state without regard to case', () => {
    expect(dealers.filter(searchMatcher('timber')).map((d) => d.dealer_id)).toEqual(['a']);
    expect(dealers.filter(searchMatcher('DES MOINES')).map((d) => d.dealer_id)).toEqual(['b']);
    expect(dealers.filter(searchMatcher('c@dealers')).map((d) => d.dealer_id)).toEqual(['c']);
    expect(dealers.filter(searchMatcher('ny')).map((d) => d.dealer_id)).toEqual(['c']);
  });

  test('When digits are typed, Then phone numbers match only from 3 digits, whatever their punctuation', () => {
    expect(dealers.filter(searchMatcher('555-01')).map((d) => d.dealer_id)).toEqual(['a', 'b']);
    expect(dealers.filter(searchMatcher('51')).map((d) => d.dealer_id)).toEqual([]);
    expect(dealers.filter(searchMatcher('555 7777')).map((d) => d.dealer_id)).toEqual(['c']);
  });

  test('When state and zone filters are set, Then only dealers in both are kept', () => {
    expect(filterDealers(dealers, { ...NO_FILTERS, state: 'TX' }).map((d) => d.dealer_id)).toEqual(['a']);
    expect(filterDealers(dealers, { ...NO_FILTERS, zone: 'Eastern Zone', state: 'TX' })).toEqual([]);
  });
});

describe('Sorting dealers', () => {
  test('When nothing is chosen, Then the list is by state ascending; clicking a header again flips it', () => {
    expect(sortDealers(dealers, DEFAULT_SORT).map((d) => d.state)).toEqual(['IA', 'NY', 'TX']);
    const flipped = nextSort(DEFAULT_SORT, 'state');
    expect(flipped).toEqual({ column: 'state', ascending: false });
    expect(sortDealers(dealers, flipped).map((d) => d.state)).toEqual(['TX', 'NY', 'IA']);
    expect(nextSort(flipped, 'name')).toEqual({ column: 'name', ascending: true });
    expect(sortDealers(dealers, { column: 'name', ascending: true }).map((d) => d.dealer_id)).toEqual(['c', 'b', 'a']);
  });
});

describe('The windowed table', () => {
  test('When scrolled, Then only the rows in view plus the overscan are rendered', () => {
    expect(visibleRange(0, 520, 52, 10_000, 5)).toEqual({ first: 0, last: 15 });
    expect(visibleRange(52 * 1000, 520, 52, 10_000, 5)).toEqual({ first: 995, last: 1015 });
    expect(visibleRange(52 * 9995, 520, 52, 10_000, 5)).toEqual({ first: 9990, last: 10_000 });
  });
});

describe('The state map', () => {
  test('When counts fall in the bands 0, 1–2, 3–5, 6–10 and >10, Then each gets its own colour', () => {
    expect([0, 2, 5, 10, 11].map(bandColor)).toEqual(STATE_BANDS.map((band) => band.color));
  });

  test('When the summary is made, Then the average is the total divided by the 50 states', () => {
    const codes = Array.from({ length: 50 }, (_, index) => `S${index}`);
    expect(mapSummary({ S0: 3, S1: 2, DC: 9 }, codes)).toEqual({
      statesWithDealers: 2,
      total: 5,
      averagePerState: '0.1',
    });
  });
});

describe('Dealer-supplied links and images', () => {
  test('When a website is not http(s), Then no link is made', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('example.com')).toBe('https://example.com/');
    expect(safeHttpUrl('http://dealer.test/a')).toBe('http://dealer.test/a');
  });

  test('When a header image is missing, not an image or 5MB or more, Then the spec message is given', () => {
    const file = (type: string, size: number) => ({ type, size }) as File;
    expect(headerImageProblem(null)).toBe('Error: Please select an image first');
    expect(headerImageProblem(file('text/plain', 10))).toBe('Error: Please select an image file');
    expect(headerImageProblem(file('image/png', 5242880))).toBe('Error: Image file must be less than 5MB');
    expect(headerImageProblem(file('image/png', 5242879))).toBeUndefined();
  });
});
