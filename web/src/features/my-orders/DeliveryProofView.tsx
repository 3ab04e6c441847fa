import type { Order } from '@portal/contracts';
import { useId, useState } from 'react';
import { deliveredText } from '../../format/delivered';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { useGetOrderProofQuery } from './myOrdersApi';

/**
 * "Delivered on … to …" on a delivered order's card, and its signature behind a button: the proof is read only
 * when the dealer asks (its image link is signed and expires, so it is read again each time it is shown).
 */
export function DeliveryProofView({
  order,
}: {
  order: Pick<Order, 'order_id' | 'order_number' | 'delivered_at' | 'delivered_to'>;
}) {
  const dates = useDateFormat();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const text = deliveredText(order, dates);
  const proof = useGetOrderProofQuery(
    { params: { order_id: order.order_id } },
    { skip: !open || !text, refetchOnMountOrArgChange: true },
  );
  if (!text) return null;
  const signature = proof.currentData?.signature_url ?? null;
  return (
    <div className="order-card__delivered">
      <p className="order-card__delivered-text">{text}</p>
      <button
        type="button"
        className="disclosure-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={(event) => {
          // showing the signature must not also open the invoice (the card's own click)
          event.stopPropagation();
          setOpen((shown) => !shown);
        }}
      >
        {open ? 'Hide signature' : 'Show signature'}
      </button>
      <div id={bodyId} hidden={!open} className="order-card__proof">
        {open && proof.isFetching && !proof.currentData && (
          <p className="muted" role="status">
            Loading the proof of delivery…
          </p>
        )}
        {open && proof.isError && <Message text="Error: Could not load the proof of delivery" tone="error" />}
        {open && proof.currentData && !signature && <p className="muted">No signature was taken.</p>}
        {open && signature && (
          <img
            className="order-card__signature"
            src={signature}
            alt={`Signature of ${order.delivered_to?.trim() || 'the recipient'} for order ${order.order_number}`}
          />
        )}
      </div>
    </div>
  );
}
