import { createBody, formValuesOf, updateBody } from '../../src/features/dealers/dealerForm';
import { newOrderProblemField } from '../../src/features/orders/newOrderProblem';
import { EMPTY_PAYMENT, paymentProblemField } from '../../src/features/orders/paymentForm';
import { dateFormatIn } from '../../src/format/date';
import { stateOptions } from '../../src/ui/stateOptions';

describe('Where a form says what is missing, and when it stops saying it', () => {
  test('When New Order lacks a dealer, then lines, Then the message sits by the dealer, then by the items, then goes', () => {
    expect(newOrderProblemField(false, 0)).toBe('dealer');
    expect(newOrderProblemField(false, 3)).toBe('dealer');
    expect(newOrderProblemField(true, 0)).toBe('lines');
    expect(newOrderProblemField(true, 3)).toBeNull();
  });

  test('When Record Payment lacks a type, then a valid amount, Then the message sits by each in turn, then goes', () => {
    expect(paymentProblemField(EMPTY_PAYMENT)).toBe('method');
    expect(paymentProblemField({ ...EMPTY_PAYMENT, method: 'cash', amount: '0' })).toBe('amount');
    expect(paymentProblemField({ ...EMPTY_PAYMENT, method: 'cash', amount: '1.234' })).toBe('amount');
    expect(paymentProblemField({ ...EMPTY_PAYMENT, method: 'cash', amount: '20.10' })).toBeNull();
  });

  test('When the dealer form misses its state, Then the problem names the state field (shown beside it)', () => {
    const values = {
      ...formValuesOf(undefined, 'Western Zone', dateFormatIn('America/Chicago').day),
      business_name: 'Big Sky',
      email: 'a@b.co',
      phone: '555',
      address: '1 Main',
      city: 'Helena',
      zip_code: '59601',
    };
    const missing = createBody(values);
    expect(missing).toMatchObject({ ok: false, field: 'state' });
    expect(createBody({ ...values, state: 'MT' })).toMatchObject({ ok: true, body: { state: 'MT' } });
  });

  test('When a dealer joined late in the evening in Chicago, Then the edit form’s join date is that Chicago day', () => {
    const dealer = { created_at: '2026-12-01T05:30:00.000Z' } as Parameters<typeof formValuesOf>[0];
    expect(formValuesOf(dealer, 'Western Zone', dateFormatIn('America/Chicago').day).created_at).toBe('2026-11-30');
    expect(formValuesOf(dealer, 'Western Zone', dateFormatIn('America/New_York').day).created_at).toBe('2026-12-01');
  });

  test('When an edit leaves the join day alone, Then no join date is sent; a changed day is sent as that day', () => {
    const dealer = {
      business_name: 'Big Sky',
      email: 'a@b.co',
      phone: '555',
      address: '1 Main',
      city: 'Helena',
      state: 'MT',
      zip_code: '59601',
      created_at: '2026-11-27T08:13:58.000Z',
    } as Parameters<typeof formValuesOf>[0];
    const opened = formValuesOf(dealer, 'Western Zone', dateFormatIn('America/Chicago').day);
    const unchanged = updateBody({ ...opened, phone: '556' }, opened.created_at);
    expect(unchanged).toMatchObject({ ok: true });
    expect(unchanged.ok && 'created_at' in unchanged.body && unchanged.body.created_at !== undefined).toBe(false);
    expect(updateBody({ ...opened, created_at: '2026-11-20' }, opened.created_at)).toMatchObject({
      ok: true,
      body: { created_at: '2026-11-20T12:00:00.000Z' },
    });
  });

  test('When a state is chosen, Then the choices are names with codes as values; a stored non-state is kept, not guessed', () => {
    const options = stateOptions('');
    expect(options[0]).toEqual({ value: '', label: 'Select a state' });
    expect(options.find((option) => option.label === 'Montana')?.value).toBe('MT');
    expect(options.find((option) => option.label === 'Missouri')?.value).toBe('MO');
    expect(stateOptions('ZZ').at(-1)).toEqual({ value: 'ZZ', label: 'ZZ (not a US state)' });
  });
});
