import { z } from 'zod';
import { commaList, commaListOf, DateParam, isPaged, listQuery, pageable, SearchParam } from '../src/list-query';

const Orders = listQuery({
  sorts: ['created_at', 'total_value'],
  filters: { q: SearchParam, status: commaListOf(['pending', 'delivered']), state: commaList, from: DateParam },
});

function detailOf(input: Record<string, unknown>): string {
  const result = Orders.safeParse(input);
  if (result.success) throw new Error('expected a refusal');
  const issue = result.error.issues[0]!;
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

describe('listQuery', () => {
  test('When no parameter is given, Then nothing is set and the list is not paged', () => {
    const query = Orders.parse({});
    expect(query).toEqual({});
    expect(isPaged(query)).toBe(false);
  });

  test('When every parameter is given as a query string holds it, Then each is parsed', () => {
    const query = Orders.parse({
      limit: '50',
      cursor: 'abc',
      sort: '-total_value',
      q: '  smith ',
      status: 'pending, delivered,pending',
      state: 'MT,,WY',
      from: '2026-01-31',
    });
    expect(query).toEqual({
      limit: 50,
      cursor: 'abc',
      sort: '-total_value',
      q: 'smith',
      status: ['pending', 'delivered'],
      state: ['MT', 'WY'],
      from: '2026-01-31',
    });
    expect(isPaged(query)).toBe(true);
    expect(isPaged({ cursor: 'abc' })).toBe(true);
  });

  test.each([
    [{ limit: '0' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: '201' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: 'ten' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: '1.5' }, 'limit: must be a whole number from 1 to 200'],
    [{ cursor: '' }, 'cursor: must be the next_cursor of the previous page'],
    [{ sort: 'dealer_id' }, 'sort: must be one of created_at, -created_at, total_value, -total_value'],
    [{ status: 'shipped,lost' }, 'status: "shipped", "lost" is not one of pending, delivered'],
    [{ from: '2026-13-01' }, 'from: must be a date written YYYY-MM-DD'],
    [{ q: 'x'.repeat(201) }, 'q: must be at most 200 characters'],
    [{ page: '2' }, 'Unknown parameter "page"'],
    [{ status: ['pending', 'delivered'] }, 'status: Invalid input: expected string, received array'],
  ])('When the query is %j, Then it is refused with "%s"', (input, detail) => {
    expect(detailOf(input)).toBe(detail);
  });

  test('When a list is pageable, Then next_cursor and total are optional additions', () => {
    const List = pageable(z.object({ items: z.array(z.number()) }));
    expect(List.parse({ items: [1] })).toEqual({ items: [1] });
    expect(List.parse({ items: [1], next_cursor: null, total: 1 })).toEqual({
      items: [1],
      next_cursor: null,
      total: 1,
    });
  });
});
