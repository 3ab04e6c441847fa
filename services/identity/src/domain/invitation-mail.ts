import { escapeHtml, type MailMessage } from '@portal/platform';

/** The link of the dealer-signup view (001 §2: `?action=dealer-signup&token=`). */
export function invitationLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/?action=dealer-signup&token=${encodeURIComponent(token)}`;
}

export function invitationMail(to: string, name: string | null, link: string, validDays: number): MailMessage {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    greeting,
    '',
    'You are invited to set up your login for the dealer portal.',
    `Open this link to choose your password (it works once, for ${validDays} days):`,
    link,
    '',
    'If you did not expect this invitation, you can ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>You are invited to set up your login for the dealer portal.</p>
<p><a href="${escapeHtml(link)}">Set up my dealer account</a></p>
<p>The link works once, for ${validDays} days. If you did not expect this invitation, you can ignore this email.</p>`;
  return { to: [to], subject: 'Your dealer portal invitation', text, html };
}
