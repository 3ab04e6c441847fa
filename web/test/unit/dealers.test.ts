import { type Dealer, DealerListQuery } from '@portal/contracts';
import { bandColor, mapSummary, STATE_BANDS } from '../../src/features/dashboard/stateBands';
import { chosenDealer, dealerChoiceLabel, dealerPickerQuery } from '../../src/features/dealers/dealerChoice';
import {
  DEFAULT_SORT,
  dealerCountText,
  dealerListQuery,
  NO_FILTERS,
  narrowsDealers,
  nextSort,
  SERVER_SORT_COLUMNS,
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

describe('Manage Dealers asks the server', () => {
  test('When nothing is chosen, Then the query asks only for the spec order, state ascending', () => {
    expect(dealerListQuery(NO_FILTERS, DEFAULT_SORT)).toEqual({ sort: 'state' });
    expect(narrowsDealers(NO_FILTERS)).toBe(false);
  });

  test('When a header is clicked, Then the server sorts by its column; clicking it again flips the direction', () => {
    const flipped = nextSort(DEFAULT_SORT, 'state');
    expect(flipped).toEqual({ column: 'state', ascending: false });
    expect(dealerListQuery(NO_FILTERS, { column: 'state', ascending: false }).sort).toBe('-state');
    expect(nextSort(flipped, 'name')).toEqual({ column: 'name', ascending: true });
    expect(dealerListQuery(NO_FILTERS, { column: 'name', ascending: true }).sort).toBe('business_name');
    expect(SERVER_SORT_COLUMNS).not.toContain('phone');
  });

  test('When a search, a state and a zone are chosen, Then each goes as the server parameter the contract accepts', () => {
    const filters = { search: ' Casey Hollow ', state: 'MT', zone: 'Western Zone' };
    const query = dealerListQuery(filters, { column: 'name', ascending: false });
    expect(query).toEqual({ sort: '-business_name', q: 'Casey Hollow', state: 'MT', zone: 'Western Zone' });
    expect(DealerListQuery.safeParse({ ...query, limit: '50' }).success).toBe(true);
    expect(narrowsDealers(filters)).toBe(true);
    expect(dealerListQuery(filters, { column: 'city', ascending: true }, '').q).toBeUndefined();
  });

  test('When the count is shown, Then it comes from the total, saying when filters narrow it', () => {
    expect(dealerCountText(1, false)).toBe('1 dealer');
    expect(dealerCountText(1, true)).toBe('1 dealer matches your filters');
    expect(dealerCountText(12, true)).toBe('12 dealers match your filters');
  });
});

describe('The dealer picker', () => {
  test('When a dealer is offered, Then it reads as its business (else person, else email) with its place', () => {
    expect(dealerChoiceLabel(dealers[0] as Dealer)).toBe('Timber Ridge Outfitters (Austin, TX)');
    expect(dealerChoiceLabel(dealers[2] as Dealer)).toBe('Ann Decoy (Albany, NY)');
    expect(dealerChoiceLabel(dealer('z', {}))).toBe('z@dealers.test');
  });

  test('When text is typed, Then the server is asked for it; the chosen name left as shown asks for every dealer', () => {
    const chosen = chosenDealer(dealers[0] as Dealer);
    expect(dealerPickerQuery(' timber ', null)).toEqual({ q: 'timber', sort: 'business_name' });
    expect(dealerPickerQuery(chosen.label, chosen.label)).toEqual({ sort: 'business_name' });
    expect(dealerPickerQuery('', chosen.label)).toEqual({ sort: 'business_name' });
    expect(DealerListQuery.safeParse({ ...dealerPickerQuery('ti', null), limit: '50' }).success).toBe(true);
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
