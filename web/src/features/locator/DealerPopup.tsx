import type { MapDealer } from '@portal/contracts';
import { formatMiles } from './geo';
import { addressLines, dealerName, emailHref, phoneHref, websiteHref } from './popup';

interface DealerPopupProps {
  dealer: MapDealer;
  distance?: number | null;
}

/** A dealer's popup: name, address, phone link, email link and Visit Website. */
export function DealerPopup({ dealer, distance }: DealerPopupProps) {
  const phone = phoneHref(dealer.phone);
  const email = emailHref(dealer.email);
  const website = websiteHref(dealer.website);
  return (
    <div className="dealer-popup">
      <h3 className="dealer-popup__name">{dealerName(dealer)}</h3>
      {distance != null && <p className="dealer-popup__distance">{formatMiles(distance)} away</p>}
      <address className="dealer-popup__address">
        {addressLines(dealer).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <ul className="dealer-popup__links">
        {phone && (
          <li>
            <a href={phone}>{dealer.phone}</a>
          </li>
        )}
        {email && (
          <li>
            <a href={email}>{dealer.email}</a>
          </li>
        )}
        {website && (
          <li>
            <a href={website} target="_blank" rel="noopener noreferrer">
              Visit Website
            </a>
          </li>
        )}
      </ul>
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
