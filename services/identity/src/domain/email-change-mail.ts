import { escapeHtml, type MailMessage } from '@portal/platform';

/** The web page that confirms a new sign-in email: `/confirm-email?token=`. */
export function emailChangeLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/confirm-email?token=${encodeURIComponent(token)}`;
}

const greetingOf = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** To the new address: the link that makes it the sign-in email. */
export function emailChangeConfirmationMail(to: string, name: string, link: string, validHours: number): MailMessage {
  const greeting = greetingOf(name);
  const text = [
    greeting,
    '',
    'You asked to use this address to sign in to the dealer portal.',
    `Open this link to confirm it (it works once, for ${validHours} hours):`,
    link,
    '',
    'Until you do, your sign-in email stays as it was. If you did not ask for this, you can ignore this email.',
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>You asked to use this address to sign in to the dealer portal.</p>
<p><a href="${escapeHtml(link)}">Confirm my new sign-in email</a></p>
<p>The link works once, for ${validHours} hours. Until you do, your sign-in email stays as it was.
If you did not ask for this, you can ignore this email.</p>`;
  return { to: [to], subject: 'Confirm your new sign-in email', text, html };
}

/** To the current address: someone signed in as this user asked to move the sign-in to `newEmail`. */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string): MailMessage {
  const greeting = greetingOf(name);
  const said = `A change of your sign-in email to ${newEmail} was requested. It takes effect once the link mailed to that address is opened.`;
  const advice = 'If this was not you, sign in and change your password now.';
  const text = [greeting, '', said, '', advice].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(said)}</p><p>${escapeHtml(advice)}</p>`;
  return { to: [to], subject: 'A change of your sign-in email was requested', text, html };
}
