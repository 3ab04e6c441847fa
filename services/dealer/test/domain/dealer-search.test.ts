import { dealerSearch } from '../../src/domain/dealer-search';

describe('dealerSearch', () => {
  test.each([
    [undefined, null],
    ['   ', null],
    ['Ridge', { text: 'Ridge', phoneDigits: null }],
    ['55', { text: '55', phoneDigits: null }],
    ['(555) 01', { text: '(555) 01', phoneDigits: '55501' }],
    [' 5-5-5 ', { text: '5-5-5', phoneDigits: '555' }],
    ['Ridge\nOak 123', { text: null, phoneDigits: '123' }],
  ])('When the query is %j, Then the search is %j', (q, expected) => {
    expect(dealerSearch(q)).toEqual(expected);
  });
});
