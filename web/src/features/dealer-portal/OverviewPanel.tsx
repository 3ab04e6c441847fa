import { formatDate } from '../../format/date';
import { Button } from '../../ui/Button';
import { dealerName } from '../dealers/dealerFilters';
import { useGetOwnDealerQuery } from './ownDealerApi';
import './dealer-portal.css';

interface OverviewPanelProps {
  onOrderProducts: () => void;
  onUpdateProfile: () => void;
}

/** Dealer Overview: dealer id, website status, join date and the two quick actions. */
export function OverviewPanel({ onOrderProducts, onUpdateProfile }: OverviewPanelProps) {
  const { data: dealer } = useGetOwnDealerQuery();
  const websiteStatus = !dealer
    ? '—'
    : dealer.use_own_website
      ? 'Own website'
      : dealer.enable_website
        ? 'Live'
        : 'Not published';
  return (
    <div className="portal-stack">
      <h2 className="portal-title">Welcome{dealer ? `, ${dealerName(dealer)}` : ''}</h2>
      <div className="portal-facts">
        <div className="portal-fact">
          <span>Dealer ID</span>
          <strong>{dealer?.dealer_id ?? '—'}</strong>
        </div>
        <div className="portal-fact">
          <span>Website status</span>
          <strong>{websiteStatus}</strong>
        </div>
        <div className="portal-fact">
          <span>Member since</span>
          <strong>{dealer ? formatDate(dealer.created_at) : '—'}</strong>
        </div>
      </div>
      <section className="portal-card">
        <h3>Quick actions</h3>
        <div className="button-row">
          <Button onClick={onOrderProducts}>Order Products</Button>
          <Button variant="secondary" onClick={onUpdateProfile}>
            Update Profile
          </Button>
        </div>
      </section>
    </div>
  );
}
