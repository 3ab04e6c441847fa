/** How a History panel writes an entry's values and names: pure, unit-tested. */

const MAX_VALUE_LENGTH = 60;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A recorded value as short text: null as "—", yes/no, an instant through `instant` (the system timezone), lists
 * and objects as compact JSON, cut at 60 characters.
 */
export function shortValue(value: unknown, instant: (iso: string) => string = (iso) => iso): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && ISO_INSTANT.test(value)) return instant(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** `business_name` → "business name"; `dealer_login.sessions_ended` → "dealer login sessions ended". */
export function spokenName(name: string): string {
  return name.replace(/[._]+/g, ' ').trim();
}
