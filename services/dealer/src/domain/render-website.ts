import type { Dealer } from '@portal/contracts';
import { escapeHtml } from '@portal/platform';
import { mailLink, mapsLink, safeWebLink, telLink } from './web-links';

/**
 * The policy the generated website is served with: no script of any kind, images from the portal only,
 * the inline stylesheet, no forms, no framing. Escaping keeps dealer text inert; this is the second wall.
 */
export const WEBSITE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2a1f;background:#f4f1ea;line-height:1.6}
.hero{position:relative;min-height:220px;background:#3b4a32;color:#fff;display:flex;align-items:flex-end}
.hero img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.hero .shade{position:relative;width:100%;padding:32px 20px 24px;background:linear-gradient(transparent,rgba(0,0,0,.7))}
h1{margin:0;font-size:clamp(1.8rem,5vw,3rem);line-height:1.15}.owner{margin:4px 0 0;opacity:.9}
main{max-width:960px;margin:0 auto;padding:24px 20px;display:grid;gap:24px;grid-template-columns:1fr}
@media(min-width:760px){main{grid-template-columns:2fr 1fr}}
section,aside{background:#fff;border-radius:12px;padding:20px 24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h2{margin:0 0 12px;font-size:1.2rem;color:#3b4a32}.about p{white-space:pre-line;margin:0}
ul.tags{list-style:none;padding:0;margin:16px 0 0;display:flex;flex-wrap:wrap;gap:8px}
ul.tags li{background:#e7eadf;border-radius:999px;padding:4px 12px;font-size:.9rem}
address{font-style:normal}aside a{display:block;margin-top:10px;color:#2d5a27;font-weight:600;word-break:break-word}
footer{text-align:center;padding:24px;color:#6b6b6b;font-size:.85rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function link(href: string | null, label: string): string {
  return href ? `<a href="${escapeHtml(href)}" rel="noopener noreferrer">${escapeHtml(label)}</a>` : '';
}

/** A dealer's generated website: every piece of dealer text escaped, links only http(s), tel:, mailto:. */
export function renderDealerWebsite(dealer: Dealer): string {
  const name = dealer.business_name || dealer.full_name || 'Dealer';
  const street = [
    dealer.address,
    [dealer.city, [dealer.state, dealer.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter(Boolean)
    .join(', ');
  const header = dealer.header_image_url ? `<img src="${escapeHtml(dealer.header_image_url)}" alt="">` : '';
  const owner = dealer.business_name && dealer.full_name ? `<p class="owner">${escapeHtml(dealer.full_name)}</p>` : '';
  const tags = dealer.specialties.length
    ? `<ul class="tags">${dealer.specialties.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`
    : '';
  const website = safeWebLink(dealer.website);
  return page(
    name,
    `<header class="hero">${header}<div class="shade"><h1>${escapeHtml(name)}</h1>${owner}</div></header>
<main><section class="about"><h2>About us</h2><p>${escapeHtml(dealer.description ?? '')}</p>${tags}</section>
<aside><h2>Visit or contact us</h2>${street ? `<address>${escapeHtml(street)}</address>` : ''}
${street ? link(mapsLink(street), 'Open in Maps') : ''}
${dealer.phone ? link(telLink(dealer.phone), dealer.phone) : ''}
${link(mailLink(dealer.email), dealer.email)}
${website ? link(website, 'Visit our website') : ''}</aside></main>
<footer>Authorized hunting-blind dealer</footer>`,
  );
}

export function renderWebsiteNotFound(): string {
  return page(
    'Website not available',
    `<main><section><h2>This website is not available</h2><p>The dealer website you are looking for is not published.</p></section></main>`,
  );
}
