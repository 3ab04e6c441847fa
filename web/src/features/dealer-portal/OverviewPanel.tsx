import { useAppSelector } from '../../app/hooks';
import { Link } from '../../app/navigation/Link';
import { LOCATOR_PATH } from '../../app/navigation/routes';
import { formatCents } from '../../format/money';
import { Button, buttonClass } from '../../ui/Button';
import { useDateFormat } from '../company/useDateFormat';
import { dealerName } from '../dealers/dealerFilters';
import { centsOf } from '../orders/orderMoney';
import { useGetDealerOrderSummaryQuery } from '../orders/ordersApi';
import { useGetOwnDealerQuery } from './ownDealerApi';
import { ProgramsCards } from './ProgramsCard';
import './dealer-portal.css';

interface OverviewPanelProps {
  onOrderProducts: () => void;
  onUpdateProfile: () => void;
}

/**
 * Dealer Overview: dealer id, website status, join date, order figures, the progress in the running incentive
 * programs (when there are any) and the quick actions.
 */
export function OverviewPanel({ onOrderProducts, onUpdateProfile }: OverviewPanelProps) {
  const dates = useDateFormat();
  const { data: dealer } = useGetOwnDealerQuery();
  const dealerId = useAppSelector((state) => state.session.user?.dealer_id ?? null);
  // the figures of all its orders, summed by the server (the Overview never reads the order list itself)
  const { data: figures } = useGetDealerOrderSummaryQuery(
    { params: { dealer_id: dealerId ?? '' } },
    { skip: !dealerId },
  );
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
          <strong>{dealer ? dates.date(dealer.created_at) : '—'}</strong>
        </div>
      </div>
      <section className="portal-facts" aria-label="Orders at a glance">
        <div className="portal-fact">
          <span>Orders placed</span>
          <strong>{figures?.order_count ?? '—'}</strong>
        </div>
        <div className="portal-fact">
          <span>Open orders</span>
          <strong>{figures?.open_order_count ?? '—'}</strong>
        </div>
        <div className="portal-fact">
          <span>Balance due</span>
          <strong>{figures ? formatCents(centsOf(figures.balance)) : '—'}</strong>
        </div>
      </section>
      <ProgramsCards />
      <section className="portal-card">
        <h3>Quick actions</h3>
        <div className="button-row">
          <Button onClick={onOrderProducts}>Order Products</Button>
          <Button variant="secondary" onClick={onUpdateProfile}>
            Update Profile
          </Button>
          <Link to={LOCATOR_PATH} className={buttonClass('secondary')}>
            Dealer Locator
          </Link>
        </div>
      </section>
    </div>
  );
}
