import { type DealerStatus, type StatusAction, statusChange } from '../../src/domain/dealer-status';

describe('dealer status transitions', () => {
  test.each<[DealerStatus, StatusAction, DealerStatus | 'deleted']>([
    ['pending', 'approve', 'active'],
    ['pending', 'reject', 'archived'],
    ['pending', 'archive', 'archived'],
    ['active', 'archive', 'archived'],
    ['archived', 'restore', 'active'],
    ['pending', 'delete', 'deleted'],
    ['active', 'delete', 'deleted'],
    ['archived', 'delete', 'deleted'],
  ])('When a %s dealer is asked to %s, Then it becomes %s', (from, action, to) => {
    expect(statusChange(from, action)).toEqual({ allowed: true, to });
  });

  test.each<[DealerStatus, StatusAction, string]>([
    ['active', 'approve', 'Error: Dealer is not pending'],
    ['archived', 'approve', 'Error: Dealer is not pending'],
    ['active', 'reject', 'Error: Dealer is not pending'],
    ['archived', 'reject', 'Error: Dealer is not pending'],
    ['archived', 'archive', 'Error: Dealer is already archived'],
    ['active', 'restore', 'Error: Dealer is not archived'],
    ['pending', 'restore', 'Error: Dealer is not archived'],
  ])('When a %s dealer is asked to %s, Then it is refused: %s', (from, action, reason) => {
    expect(statusChange(from, action)).toEqual({ allowed: false, reason });
  });
});
