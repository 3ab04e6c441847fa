import { shortValue, spokenName } from '../../src/features/audit/auditEntryText';

describe("a History entry's values", () => {
  test('When a value is empty, a yes/no, an instant, a list or long text, Then it reads short and plain', () => {
    expect(shortValue(null)).toBe('—');
    expect(shortValue('')).toBe('—');
    expect(shortValue(true)).toBe('yes');
    expect(shortValue(12.5)).toBe('12.5');
    expect(shortValue(['a', 'b'])).toBe('["a","b"]');
    expect(shortValue('2026-11-27T06:30:00.000Z', (iso) => `local ${iso.slice(0, 10)}`)).toBe('local 2026-11-27');
    const long = shortValue('x'.repeat(200));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });

  test('When a field or action is named, Then underscores and dots read as spaces', () => {
    expect(spokenName('business_name')).toBe('business name');
    expect(spokenName('dealer_login.sessions_ended')).toBe('dealer login sessions ended');
  });
});
