import type { Order, OrderTimeline, OrderTimelineStep } from '@portal/contracts';
import { useId, useState } from 'react';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { useGetOrderTimelineQuery } from './orderTimelineApi';
import './order-timeline.css';

/** Each step's state in words: the marker's colour is never the only sign of it. */
const STATE_TEXT: Readonly<Record<OrderTimelineStep['state'], string>> = {
  done: 'Done',
  current: 'Current',
  upcoming: 'Upcoming',
};

/**
 * "Track order" on a My Orders card and in the admin's invoice: the order's timeline behind a button, read when
 * it is opened (and again when an order change invalidates the orders). Clicks inside do not open the invoice
 * (the card's click).
 */
export function OrderTimelineDisclosure({ order }: { order: Pick<Order, 'order_id' | 'order_number'> }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const result = useGetOrderTimelineQuery({ params: { order_id: order.order_id } }, { skip: !open });
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only keeps the card's click (open the invoice) out of the timeline
    <div className="order-timeline" onClick={(event) => event.stopPropagation()}>
      <button
        type="button"
        className="disclosure-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide tracking' : 'Track order'}
      </button>
      <div id={bodyId} hidden={!open}>
        {open && result.isFetching && !result.currentData && (
          <p className="muted" role="status">
            Loading the order's timeline…
          </p>
        )}
        {open && result.isError && <Message text="Error: Could not load the order's timeline" tone="error" />}
        {open && result.currentData && <OrderTimelineSteps timeline={result.currentData} />}
      </div>
    </div>
  );
}

/** The timeline as an ordered list, oldest first, times in the system timezone. */
export function OrderTimelineSteps({ timeline }: { timeline: OrderTimeline }) {
  const dates = useDateFormat();
  return (
    <ol className="order-timeline__steps" aria-label={`Order ${timeline.order_number} timeline`}>
      {timeline.steps.map((step, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list in the server's order; two payments may share a kind and time
          key={`${index}-${step.kind}`}
          className={`order-timeline__step order-timeline__step--${step.state}`}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="order-timeline__marker" aria-hidden="true" />
          <div className="order-timeline__body">
            <p className="order-timeline__title">
              {step.title} <span className="order-timeline__state">{STATE_TEXT[step.state]}</span>
            </p>
            {step.at && (
              <p className="order-timeline__at muted">
                <time dateTime={step.at}>{dates.dateTime(step.at)}</time>
              </p>
            )}
            {step.detail && <p className="order-timeline__detail">{step.detail}</p>}
            {step.eta_at && (
              <p className="order-timeline__eta">
                Expected <time dateTime={step.eta_at}>{dates.dateTime(step.eta_at)}</time>
              </p>
            )}
            {step.with_signature && (
              <p className="order-timeline__detail muted">A signature was taken (Show signature, above)</p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
