import { ariaSortOf } from '../../src/ui/columnSort';

describe('Sortable table headers', () => {
  test('When a table is sorted by a column, Then only that header cell says which way (aria-sort)', () => {
    const sort = { column: 'total', ascending: false } as const;
    expect(ariaSortOf(sort, 'total')).toBe('descending');
    expect(ariaSortOf({ ...sort, ascending: true }, 'total')).toBe('ascending');
    expect(ariaSortOf<'total' | 'date'>(sort, 'date')).toBe('none');
  });
});
