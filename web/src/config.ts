/**
 * Deployment-specific settings of the client, fixed at build time (Vite `VITE_*` variables).
 */

/**
 * The external page where prospective dealers apply (Apply Now). When none is configured, Apply Now writes
 * an email to the company's address instead: see `dealerRequestUrl`.
 */
export const DEALER_REQUEST_URL: string = import.meta.env.VITE_DEALER_REQUEST_URL ?? '';

/** Where Apply Now leads: the configured page, else 'mailto:' + the company email. */
export function dealerRequestUrl(companyEmail: string): string {
  return DEALER_REQUEST_URL || `mailto:${companyEmail}`;
}
