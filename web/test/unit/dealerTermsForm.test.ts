import {
  CREDIT_LIMIT_PROBLEM,
  TERMS_DAYS_PROBLEM,
  termsForm,
  termsToSave,
} from '../../src/features/dealers/dealerTermsForm';

describe('the Terms and credit dialog', () => {
  test('When terms are shown for editing, Then the limit has 2 decimals and no limit is blank', () => {
    const base = { dealer_id: 'D1', payment_terms_days: 45, terms_are_default: false };
    expect(termsForm({ ...base, credit_limit: 5000 })).toEqual({ days: '45', limit: '5000.00' });
    expect(termsForm({ ...base, credit_limit: null })).toEqual({ days: '45', limit: '' });
  });

  test('When days and a limit are typed, Then the body carries them in dollars; a blank limit is null', () => {
    expect(termsToSave({ days: '30', limit: '$5,000.50' })).toEqual({
      body: { payment_terms_days: 30, credit_limit: 5000.5 },
    });
    expect(termsToSave({ days: ' 0 ', limit: '  ' })).toEqual({ body: { payment_terms_days: 0, credit_limit: null } });
    expect(termsToSave({ days: '365', limit: '0.1' })).toEqual({
      body: { payment_terms_days: 365, credit_limit: 0.1 },
    });
  });

  test('When days are outside 0–365 or not whole, or the limit is not dollars, Then the field with the problem is named', () => {
    for (const days of ['366', '-1', '2.5', '', 'ten']) {
      expect(termsToSave({ days, limit: '' })).toEqual({ problem: TERMS_DAYS_PROBLEM, field: 'days' });
    }
    for (const limit of ['-5', '1.234', 'abc']) {
      expect(termsToSave({ days: '30', limit })).toEqual({ problem: CREDIT_LIMIT_PROBLEM, field: 'limit' });
    }
  });
});
