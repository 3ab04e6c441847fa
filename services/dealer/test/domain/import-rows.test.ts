import { BulkImportDealersRequest } from '@portal/contracts';
import {
  checkImportRows,
  deduplicateImport,
  type ImportedDealer,
  notAStateMessage,
} from '../../src/domain/import-rows';
import { matchZone } from '../../src/domain/zones';

const ZONES = ['Eastern Zone', 'Midwest Zone'];
const row = (overrides: Record<string, string> = {}) => ({
  full_name: 'Ann Smith',
  email: 'ann@example.com',
  phone: '555',
  address: '1 Elm St',
  city: 'Dayton',
  state: 'OH',
  zip_code: '45402',
  zone: 'Midwest Zone',
  ...overrides,
});
/** rows as the contract hands them to the service (unstorable cells already marked) */
const parsed = (rows: object[]) => BulkImportDealersRequest.parse({ dealers: rows }).dealers;

describe('checking import rows', () => {
  test('When rows carry a NUL, a lone surrogate or a too-long cell, Then each is its own row error and good rows pass', () => {
    const { valid, errors } = checkImportRows(
      parsed([row(), row({ city: 'a\u0000b' }), row({ dealer_id: '\udc00' }), row({ zip_code: '9'.repeat(21) })]),
      ZONES,
    );
    expect(valid.map((d) => d.row)).toEqual([1]);
    expect(errors).toEqual([
      { row: 2, message: 'Error: City contains characters that cannot be stored' },
      { row: 3, message: 'Error: Dealer ID contains characters that cannot be stored' },
      { row: 4, message: 'Error: Zip code must be at most 20 characters' },
    ]);
  });

  test('When a zone is written in another case, Then the configured spelling is kept; an unknown zone is an error', () => {
    const { valid, errors } = checkImportRows(parsed([row({ zone: 'eastern zone' }), row({ zone: 'Mars' })]), ZONES);
    expect(valid[0]?.zone).toBe('Eastern Zone');
    expect(errors[0]?.message).toBe(
      'Error: Zone "Mars" is not one of the configured zones (Eastern Zone, Midwest Zone)',
    );
  });

  test('When states are full names or codes in any case, Then each is saved as its own code (Montana is MT, not MO)', () => {
    const { valid, errors } = checkImportRows(
      parsed([
        row({ state: 'Montana' }),
        row({ state: 'new york' }),
        row({ state: ' tx ' }),
        row({ state: 'Missouri' }),
      ]),
      ZONES,
    );
    expect(errors).toEqual([]);
    expect(valid.map((d) => [d.row, d.state])).toEqual([
      [1, 'MT'],
      [2, 'NY'],
      [3, 'TX'],
      [4, 'MO'],
    ]);
  });

  test('When a state names no US state, Then that row is reported with its number and the value, and the others are kept', () => {
    const { valid, errors } = checkImportRows(
      parsed([row({ state: 'Ohio' }), row({ state: 'Montan' }), row({ state: 'Puerto Rico' }), row({ state: 'MT' })]),
      ZONES,
    );
    expect(valid.map((d) => [d.row, d.state])).toEqual([
      [1, 'OH'],
      [4, 'MT'],
    ]);
    expect(errors).toEqual([
      { row: 2, message: 'Error: State "Montan" is not a US state name or two-letter code' },
      { row: 3, message: 'Error: State "Puerto Rico" is not a US state name or two-letter code' },
    ]);
    expect(notAStateMessage('x'.repeat(60))).toBe(
      `Error: State "${'x'.repeat(40)}…" is not a US state name or two-letter code`,
    );
  });

  test('When a row has its own URL-safe dealer id, Then it is kept; blank cells become null', () => {
    const { valid } = checkImportRows(parsed([row({ dealer_id: 'LEGACY-7', website: ' ' })]), ZONES);
    expect(valid[0]).toMatchObject({ dealer_id: 'LEGACY-7', website: null, email: 'ann@example.com' });
  });
});

describe('import de-duplication', () => {
  const dealer = (row: number, email: string, dealer_id: string) => ({ row, email, dealer_id }) as ImportedDealer;

  test('When emails repeat (in the file or among dealers) or ids are taken, Then duplicates are skipped and taken ids are errors', () => {
    const result = deduplicateImport(
      [
        dealer(1, 'a@x.co', 'A'),
        dealer(2, 'a@x.co', 'B'),
        dealer(3, 'old@x.co', 'C'),
        dealer(4, 'd@x.co', 'TAKEN'),
        dealer(5, 'e@x.co', 'A'),
        dealer(6, 'f@x.co', 'F'),
      ],
      { emails: new Set(['old@x.co']), dealerIds: new Set(['TAKEN']) },
    );
    expect(result.toInsert.map((d) => d.row)).toEqual([1, 6]);
    expect(result.duplicateEmails).toEqual(['a@x.co', 'old@x.co']);
    expect(result.errors).toEqual([
      { row: 4, message: 'Error: Dealer ID TAKEN already exists' },
      { row: 5, message: 'Error: Dealer ID A already exists' },
    ]);
  });
});

describe('zone matching', () => {
  test('When a zone differs only in case and spaces, Then it matches; otherwise not', () => {
    expect(matchZone(ZONES, ' midwest ZONE ')).toBe('Midwest Zone');
    expect(matchZone(ZONES, 'Midwest')).toBeNull();
  });
});
