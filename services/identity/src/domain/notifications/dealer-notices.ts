import type { DealerSnapshot, PayloadOfType } from '@portal/contracts';
import type { Notice } from './notice-mail';

/** A dealer's name as a notice shows it: the business name, else the contact's, else its id. */
export function dealerName(
  dealer: { business_name?: string | null; full_name?: string | null } | null,
  dealerId: string,
): string {
  return dealer?.business_name?.trim() || dealer?.full_name?.trim() || `dealer ${dealerId}`;
}

/** notify_new_dealer_applications: who applied, how to reach them, their message, where to decide. */
export function applicationNotice(
  application: PayloadOfType<'dealer.application_received'>,
  dashboardUrl: string,
): Notice {
  const name = dealerName(application, application.dealer_id);
  const place = [application.city, application.state].filter((part) => part?.trim()).join(', ');
  const contact = [
    ['Business name', application.business_name],
    ['Contact name', application.full_name],
    ['Email', application.email],
    ['Phone', application.phone],
    ['City', place || null],
  ]
    .filter((entry): entry is [string, string] => Boolean(entry[1]?.trim()))
    .map(([label, value]) => `${label}: ${value}`);
  const message = application.message?.trim();
  return {
    subject: `New dealer application: ${name}`,
    paragraphs: [
      `${name} applied to become a dealer. The application waits for your approval on the admin dashboard.`,
      ...(message ? [`Their message:\n${message}`] : []),
    ],
    list: contact,
    link: { label: 'Review the application', url: dashboardUrl },
  };
}

/** How many new dealers one notice lists by name; the rest are counted ("and N more"). */
export const NEW_DEALERS_LISTED = 25;

/** notify_new_dealers: the dealers newly created (by an admin, an approval or an import), one notice per batch. */
export function newDealersNotice(
  dealers: readonly Pick<DealerSnapshot, 'dealer_id' | 'business_name' | 'full_name' | 'email'>[],
  dealersUrl: string,
): Notice {
  const count = dealers.length;
  const [first] = dealers;
  const listed = dealers
    .slice(0, NEW_DEALERS_LISTED)
    .map((dealer) => `${dealerName(dealer, dealer.dealer_id)}${dealer.email ? ` <${dealer.email}>` : ''}`);
  const more = count - listed.length;
  return {
    subject:
      count === 1 && first ? `New dealer: ${dealerName(first, first.dealer_id)}` : `${count} new dealers were added`,
    paragraphs: [count === 1 ? 'A dealer was added to the portal.' : `${count} dealers were added to the portal.`],
    list: more > 0 ? [...listed, `and ${more} more`] : listed,
    link: { label: 'Open the dealers', url: dealersUrl },
  };
}
