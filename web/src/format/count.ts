/**
 * How the client writes a count with its noun: the one place for it, so "1 item" and "2 items" agree on every
 * screen. English plural rules (Intl.PluralRules) pick the form; the number is grouped ("1,250 dealers").
 */
const pluralRules = new Intl.PluralRules('en-US');
const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The noun that agrees with a count: nounFor(1, 'item', 'items') is "item", nounFor(0, ...) is "items". */
export function nounFor(count: number, one: string, other: string): string {
  return pluralRules.select(count) === 'one' ? one : other;
}

/** A count and its noun: countOf(1, 'item', 'items') is "1 item", countOf(1250, 'dealer', 'dealers') "1,250 dealers". */
export function countOf(count: number, one: string, other: string): string {
  return `${wholeNumber.format(count)} ${nounFor(count, one, other)}`;
}

/**
 * Names in a sentence, at most `max` of them, the rest counted: "A, B, C", "A, B, C, D, E and 12 more".
 * Used where a confirmation lists what it is about to change.
 */
export function listNames(names: readonly string[], max = 5): string {
  const shown = names.slice(0, Math.max(0, max));
  const hidden = names.length - shown.length;
  return hidden > 0 ? `${shown.join(', ')} and ${wholeNumber.format(hidden)} more` : shown.join(', ');
}
