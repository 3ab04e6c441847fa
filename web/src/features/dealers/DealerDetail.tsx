import type { Dealer, DealerNote, Order } from '@portal/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { type PagedRows, usePagedRows } from '../../api/usePagedRows';
import { formatRoute, withQuery } from '../../app/navigation/routes';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { DealerStatementSection } from '../account/DealerStatementSection';
import { HistoryDisclosure } from '../audit/HistoryDisclosure';
import { HistoryPanel } from '../audit/HistoryPanel';
import { useDateFormat } from '../company/useDateFormat';
import { DealerOrderHistory } from '../orders/DealerOrderHistory';
import { InvoiceModal } from '../orders/InvoiceModal';
import { useGetDealerOrderSummaryQuery, useGetDealerOrdersPagesInfiniteQuery } from '../orders/ordersApi';
import { useOrderRecord } from '../orders/useOrderRecord';
import { DealerTermsSection } from './DealerTermsSection';
import { dealerName } from './dealerFilters';
import { useGetDealerNotePagesInfiniteQuery } from './dealerPagesApi';
import { useAddDealerNoteMutation } from './dealersApi';
import { dealerTimeline, type TimelineEntry } from './dealerTimeline';
import { safeHttpUrl } from './headerImage';
import '../../ui/load-more.css';

export type DealerAction = 'edit' | 'login' | 'website' | 'remove';

interface DealerDetailProps {
  dealer: Dealer;
  onBack: () => void;
  onAction: (action: DealerAction) => void;
  /** the order whose invoice is open (from the address), or null */
  openOrderId: string | null;
  onOpenOrder: (order: Order) => void;
  onCloseOrder: () => void;
}

const ordersOf = (page: { orders: Order[] }) => page.orders;
const notesOf = (page: { notes: DealerNote[] }) => page.notes;

/** The invoice of one of the dealer's orders over its detail, keeping the dealer list's filters in the query. */
function invoiceHref(dealerId: string) {
  return (orderId: string) =>
    withQuery(formatRoute({ role: 'admin', tab: 'dealers', dealerId, orderId }), window.location.search);
}

/**
 * One dealer: its info card, its order history (with the account figures of all its orders, summed by the server,
 * and Payment History), and the admin notes and timeline, which merges notes and orders newest first. Orders and
 * notes are read 50 at a time, newest first (Load more for older ones). An order opens its invoice.
 */
export function DealerDetail({ dealer, onBack, onAction, openOrderId, onOpenOrder, onCloseOrder }: DealerDetailProps) {
  const dates = useDateFormat();
  const website = safeHttpUrl(dealer.website);
  const ordersResult = useGetDealerOrdersPagesInfiniteQuery(
    { params: { dealer_id: dealer.dealer_id } },
    { refetchOnMountOrArgChange: 30 },
  );
  const orders = usePagedRows(ordersResult, ordersOf);
  // Billed, Paid and Balance over all its orders, summed by the server (refreshed with the orders)
  const { data: summary } = useGetDealerOrderSummaryQuery(
    { params: { dealer_id: dealer.dealer_id } },
    { refetchOnMountOrArgChange: 30 },
  );
  // the list's copy, fresh after every update or payment; looked up by its id when not loaded (a reloaded address)
  const openOrder = useOrderRecord(openOrderId, orders.rows, { kind: 'dealer', dealerId: dealer.dealer_id }).order;
  const openInvoice = onOpenOrder;
  return (
    <div className="dealer-detail">
      <Button variant="secondary" onClick={onBack}>
        ← Back to Dealers
      </Button>
      <section className="dealer-card" aria-labelledby="dealer-detail-name">
        <header className="dealer-card__header">
          <div>
            <h2 id="dealer-detail-name">{dealerName(dealer)}</h2>
            {dealer.full_name && dealer.business_name && <p className="muted">{dealer.full_name}</p>}
          </div>
          {dealer.archived ? (
            <span className="badge badge--off">ARCHIVED</span>
          ) : (
            <span className="badge badge--ok">ACTIVE</span>
          )}
        </header>
        <dl className="dealer-facts dealer-facts--columns">
          <dt>Dealer ID</dt>
          <dd>{dealer.dealer_id}</dd>
          <dt>Email</dt>
          <dd>{dealer.email}</dd>
          <dt>Phone</dt>
          <dd>{dealer.phone || '—'}</dd>
          <dt>Address</dt>
          <dd>{[dealer.address, dealer.city, dealer.state, dealer.zip_code].filter(Boolean).join(', ') || '—'}</dd>
          <dt>Zone</dt>
          <dd>{dealer.zone || '—'}</dd>
          <dt>Website</dt>
          <dd>
            {website ? (
              <a href={website} target="_blank" rel="noopener noreferrer">
                {dealer.website}
              </a>
            ) : (
              dealer.website || '—'
            )}
          </dd>
          <dt>Generated website</dt>
          <dd>{dealer.enable_website ? 'Live' : 'Not published'}</dd>
          <dt>Joined</dt>
          <dd>{dates.date(dealer.created_at)}</dd>
        </dl>
        {dealer.description && <p className="dealer-card__description">{dealer.description}</p>}
        {!dealer.archived && (
          <div className="button-row">
            <Button onClick={() => onAction('edit')}>Edit Dealer</Button>
            <Button variant="secondary" onClick={() => onAction('login')}>
              Manage Login
            </Button>
            <Button variant="secondary" onClick={() => onAction('website')}>
              Website
            </Button>
            <Button variant="danger" onClick={() => onAction('remove')}>
              Archive / Delete
            </Button>
          </div>
        )}
      </section>
      <DealerTermsSection dealerId={dealer.dealer_id} />
      <DealerStatementSection
        dealerId={dealer.dealer_id}
        dealerEmail={dealer.email}
        orderHref={invoiceHref(dealer.dealer_id)}
      />
      <DealerOrderHistory dealerName={dealerName(dealer)} orders={orders} summary={summary} onOpen={openInvoice} />
      <NotesTimeline dealer={dealer} orders={orders} onOpenOrder={openInvoice} />
      <HistoryDisclosure>
        <HistoryPanel title="Dealer changes" entity="dealer" entityId={dealer.dealer_id} />
        <HistoryPanel title="Login changes" entity="dealer_login" entityId={dealer.dealer_id} />
      </HistoryDisclosure>
      {openOrder && (
        <InvoiceModal key={openOrder.order_id} order={openOrder} context="dealer-detail" onClose={onCloseOrder} />
      )}
    </div>
  );
}

interface NotesTimelineProps {
  dealer: Dealer;
  orders: PagedRows<Order>;
  onOpenOrder: (order: Order) => void;
}

/**
 * The timeline of what is loaded, cut where it could miss an entry: while the notes (or orders) have older pages,
 * nothing older than the oldest loaded note (or order) is shown, since an unloaded one could belong before it.
 */
export function loadedTimeline(
  entries: readonly TimelineEntry[],
  lists: readonly { rows: readonly { created_at: string }[]; hasMore: boolean }[],
): TimelineEntry[] {
  let cutoff = Number.NEGATIVE_INFINITY;
  for (const list of lists) {
    const oldest = list.rows.at(-1);
    if (list.hasMore && oldest) cutoff = Math.max(cutoff, Date.parse(oldest.created_at) || 0);
  }
  return entries.filter((entry) => (Date.parse(entry.at) || 0) >= cutoff);
}

function NotesTimeline({ dealer, orders, onOpenOrder }: NotesTimelineProps) {
  const dates = useDateFormat();
  const notesResult = useGetDealerNotePagesInfiniteQuery({ params: { dealer_id: dealer.dealer_id } });
  const notes = usePagedRows(notesResult, notesOf);
  const [addNote, { isLoading }] = useAddDealerNoteMutation();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string>();

  const { rows: noteRows, hasMore: moreNotes } = notes;
  const { rows: orderRows, hasMore: moreOrders } = orders;
  const loading = notes.loading || orders.loading;
  const timeline = useMemo(
    () =>
      loading
        ? []
        : loadedTimeline(dealerTimeline(dealer, noteRows, orderRows), [
            { rows: noteRows, hasMore: moreNotes },
            { rows: orderRows, hasMore: moreOrders },
          ]),
    [dealer, noteRows, moreNotes, orderRows, moreOrders, loading],
  );
  const hasMore = moreNotes || moreOrders;
  const loadMore = () => {
    notes.loadMore();
    orders.loadMore();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await addNote({ params: { dealer_id: dealer.dealer_id }, body: { note_text: text } }).unwrap();
      setText('');
      setMessage('Note added successfully!');
    } catch (error) {
      setMessage(failureMessage(error, 'Failed to add note'));
    }
  }

  return (
    <section className="dealer-card" aria-labelledby="dealer-notes-title">
      <h2 id="dealer-notes-title">Admin Notes &amp; Timeline</h2>
      <form className="stack" onSubmit={submit} noValidate>
        <TextAreaField label="New note" rows={3} value={text} onChange={setText} />
        <Message text={message} />
        <div>
          <Button type="submit" busy={isLoading} busyLabel="Adding..." disabled={!text.trim()}>
            Add Note
          </Button>
        </div>
      </form>
      {notes.error ? <Message text={failureMessage(notes.error, 'Failed to load notes')} /> : null}
      {loading && (
        <p className="muted" role="status">
          Loading timeline…
        </p>
      )}
      <ol className="timeline">
        {timeline.map((entry) => (
          <li key={entry.id} className={entry.order ? 'timeline__entry timeline__entry--order' : 'timeline__entry'}>
            <span className="timeline__when">{dates.dateTime(entry.at)}</span>
            {entry.order ? (
              <button type="button" className="timeline__link" onClick={() => entry.order && onOpenOrder(entry.order)}>
                {entry.title}
              </button>
            ) : (
              <strong>{entry.title}</strong>
            )}
            {entry.text && <p className="timeline__text">{entry.text}</p>}
          </li>
        ))}
      </ol>
      {hasMore && (
        <div className="load-more">
          <Button variant="secondary" onClick={loadMore}>
            {notes.loadingMore || orders.loadingMore ? 'Loading…' : 'Show older entries'}
          </Button>
        </div>
      )}
    </section>
  );
}
