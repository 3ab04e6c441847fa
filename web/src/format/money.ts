/** How the client shows money: US dollars with two decimals ("$1,249.50"), the one place for it. */
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "$1,249.50" */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}

/** "$1,249.50" from integer cents (order totals are summed in cents, never in float dollars). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  const dollarsPart = Math.floor(whole / 100).toLocaleString('en-US');
  return `${sign}$${dollarsPart}.${String(whole % 100).padStart(2, '0')}`;
}

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** "$12,346": US dollars without decimals, rounded to the dollar (the spec's performance views). */
export function formatWholeDollars(amount: number): string {
  return wholeDollars.format(amount);
}
