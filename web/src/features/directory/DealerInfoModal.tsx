import type { Dealer } from '@portal/contracts';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { dealerName } from '../dealers/dealerFilters';
import { cityLine } from '../shipping/orderDetails';

/** What a delivery user needs of a dealer, read-only: whom to ask for, how to reach them and where they are. */
export function DealerInfoModal({ dealer, onClose }: { dealer: Dealer | null; onClose: () => void }) {
  const place = dealer ? cityLine(dealer.city, dealer.state, dealer.zip_code) : null;
  const address = dealer ? [dealer.address?.trim(), place].filter(Boolean).join(', ') : '';
  return (
    <Modal
      open={dealer !== null}
      title={dealer ? dealerName(dealer) : 'Dealer'}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {dealer && (
        <dl className="dealer-info">
          <Row label="Contact" value={dealer.full_name} />
          <Row label="Phone" value={dealer.phone} href={dealer.phone ? `tel:${dealer.phone}` : undefined} />
          <Row label="Email" value={dealer.email} href={`mailto:${dealer.email}`} />
          <Row
            label="Address"
            value={address || null}
            href={
              address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}` : undefined
            }
          />
          <Row label="Zone" value={dealer.zone} />
          <Row label="Dealer ID" value={dealer.dealer_id} />
        </dl>
      )}
    </Modal>
  );
}

function Row({ label, value, href }: { label: string; value: string | null | undefined; href?: string }) {
  const text = value?.trim();
  return (
    <div className="dealer-info__row">
      <dt>{label}</dt>
      <dd>
        {!text ? (
          <span className="muted">—</span>
        ) : href ? (
          <a href={href} target={href.startsWith('https:') ? '_blank' : undefined} rel="noopener noreferrer">
            {text}
          </a>
        ) : (
          text
        )}
      </dd>
    </div>
  );
}
