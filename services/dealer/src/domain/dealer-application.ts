import type { RateLimitRule } from '@portal/platform';

/**
 * How often one may apply: limits an honest applicant never meets (a shared office address applying for a few
 * businesses, a person correcting a typo), that still stop a script filling the pending list.
 */
export const APPLICATION_LIMITS = {
  byAddress: {
    name: 'application-address',
    points: 5,
    windowSeconds: 60 * 60,
    detail: 'Too many applications from this address. Please try again later.',
  },
  byEmail: {
    name: 'application-email',
    points: 3,
    windowSeconds: 24 * 60 * 60,
    detail: 'Too many applications for this email address. Please try again later.',
  },
} as const satisfies Record<string, RateLimitRule>;

/** Who applied, as the notes name them: the person, else the business. */
export function applicantName(applicant: { full_name?: string | null; business_name?: string | null }): string {
  return applicant.full_name || applicant.business_name || 'Applicant';
}

/** The applicant's message as the dealer's first note. */
export const applicationNote = (message: string) => `Application message: ${message}`;
