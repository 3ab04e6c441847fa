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
