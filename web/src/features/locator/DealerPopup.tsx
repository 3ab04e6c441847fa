import type { MapDealer } from '@portal/contracts';
import { dealerPosition, formatMiles } from './geo';
import { addressLines, dealerName, dealerWebsiteHref, directionsHref, emailHref, phoneHref } from './popup';
import { usePublishedWebsite } from './publishedWebsite';

interface DealerPopupProps {
  dealer: MapDealer;
  distance?: number | null;
}

/**
 * How to reach a dealer: its phone (a tel: link), email, Visit Website (the published generated website, else
 * its own) and Directions (Google Maps), each opening outside the locator in a new tab where it is a page.
 */
export function DealerLinks({ dealer, className }: { dealer: MapDealer; className: string }) {
  const phone = phoneHref(dealer.phone);
  const email = emailHref(dealer.email);
  const published = usePublishedWebsite(dealer.dealer_id);
  const website = dealerWebsiteHref({ website: dealer.website, published_website: published });
  const directions = directionsHref(dealerPosition(dealer), addressLines(dealer));
  const name = dealerName(dealer);
  return (
    <ul className={className}>
      {phone && (
        <li>
          <a href={phone} aria-label={`Call ${name} at ${dealer.phone}`}>
            {dealer.phone}
          </a>
        </li>
      )}
      {email && (
        <li>
          <a href={email}>{dealer.email}</a>
        </li>
      )}
      {website && (
        <li>
          <a href={website} target="_blank" rel="noopener noreferrer" aria-label={`Visit Website of ${name}`}>
            Visit Website
          </a>
        </li>
      )}
      {directions && (
        <li>
          <a href={directions} target="_blank" rel="noopener noreferrer" aria-label={`Directions to ${name}`}>
            Directions
          </a>
        </li>
      )}
    </ul>
  );
}

/** A dealer's popup: name, address, phone link, email link, Visit Website and Directions. */
export function DealerPopup({ dealer, distance }: DealerPopupProps) {
  return (
    <div className="dealer-popup">
      <h3 className="dealer-popup__name">{dealerName(dealer)}</h3>
      {distance != null && <p className="dealer-popup__distance">{formatMiles(distance)} away</p>}
      <address className="dealer-popup__address">
        {addressLines(dealer).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <DealerLinks dealer={dealer} className="dealer-popup__links" />
    </div>
  );
}

/** What a screen reader hears when a popup opens. */
export function popupAnnouncement(dealer: MapDealer, distance?: number | null): string {
  const parts = [dealerName(dealer)];
  if (distance != null) parts.push(`${formatMiles(distance)} away`);
  parts.push(...addressLines(dealer));
  if (dealer.phone) parts.push(`phone ${dealer.phone}`);
  return parts.join(', ');
}
