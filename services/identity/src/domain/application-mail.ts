import type { CompanySettings } from '@portal/contracts';
import { escapeHtml, type MailMessage } from '@portal/platform';

/** Who is told: the applicant's address and the name they applied under. */
export interface RefusedApplicant {
  email: string;
  full_name: string | null;
  business_name: string | null;
}

/**
 * The polite refusal of a dealer application (an admin rejected it): thanks, the decision, where to ask. It
 * names the company from the company settings (a portal not yet named signs as its team) and never the admin's
 * notes, which are for the admins.
 */
export function applicationRefusalMail(
  applicant: RefusedApplicant,
  company: Pick<CompanySettings, 'company_name' | 'email'>,
): MailMessage {
  const companyName = company.company_name.trim();
  const name = applicant.full_name?.trim() || applicant.business_name?.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const withUs = companyName ? `with ${companyName}` : 'with us';
  const decision = `Thank you for your interest in becoming a dealer ${withUs}. We have reviewed your application and are unable to accept it at this time.`;
  const contact = company.email.trim();
  const question = contact ? `If you have any questions, you can reach us at ${contact}.` : null;
  const signature = companyName || 'The dealer portal team';
  const text = [
    greeting,
    '',
    decision,
    '',
    'We appreciate the time you took to apply.',
    ...(question ? [question] : []),
    '',
    'Kind regards,',
    signature,
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(decision)}</p>
<p>We appreciate the time you took to apply.${question ? ` ${escapeHtml(question)}` : ''}</p>
<p>Kind regards,<br>${escapeHtml(signature)}</p>`;
  return {
    to: [applicant.email],
    subject: companyName ? `Your dealer application with ${companyName}` : 'Your dealer application',
    text,
    html,
  };
}
