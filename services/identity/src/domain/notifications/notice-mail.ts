import { escapeHtml, type MailMessage } from '@portal/platform';

/** A notice as people read it; noticeMail writes it as text and as HTML with every piece of user text escaped. */
export interface Notice {
  subject: string;
  paragraphs: readonly string[];
  /** shown as a bulleted list after the paragraphs */
  list?: readonly string[];
  /** a last line: what to open in the portal */
  link?: { label: string; url: string };
}

/** Subjects are one line: a name or a note with a line break in it cannot add a header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function noticeMail(to: readonly string[], notice: Notice): MailMessage {
  const list = notice.list ?? [];
  const text = [
    ...notice.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(list.length ? [...list.map((item) => `- ${item}`), ''] : []),
    ...(notice.link ? [`${notice.link.label}: ${notice.link.url}`] : []),
  ]
    .join('\n')
    .trimEnd();
  const html = [
    ...notice.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`),
    ...(list.length ? [`<ul>${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`] : []),
    ...(notice.link ? [`<p><a href="${escapeHtml(notice.link.url)}">${escapeHtml(notice.link.label)}</a></p>`] : []),
  ].join('\n');
  return { to: [...to], subject: oneLine(notice.subject), text, html };
}

/** An address of the web portal under its public base URL (PUBLIC_BASE_URL), e.g. /admin/dashboard. */
export function portalLink(publicBaseUrl: string, path: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${path}`;
}
