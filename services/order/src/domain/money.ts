// Money rules are shared by every service: one implementation, in contracts.
export { centsToDollars, formatCents, MAX_AMOUNT_CENTS, parseCents } from '@portal/contracts';
