import type { ShippingOrder } from '@portal/contracts';
import { useId, useState } from 'react';
import { Message } from '../../ui/Message';
import { useDateFormat } from '../company/useDateFormat';
import { useGetDeliveryProofQuery } from './shippingApi';

/**
 * A delivered order's record on its route: "Delivered on … to …", and behind Show proof the signature, photos,
 * note and position (read when asked: the images are signed links that expire). Offline the line still shows from
 * the saved route; the proof itself needs the network.
 */
export function DeliveryRecord({ shipmentId, order }: { shipmentId: string; order: ShippingOrder }) {
  const dates = useDateFormat();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const delivery = order.delivery;
  const proof = useGetDeliveryProofQuery(
    { params: { id: shipmentId, order_id: order.order_id } },
    { skip: !open || !delivery, refetchOnMountOrArgChange: true },
  );
  if (!delivery) return null;
  const to = delivery.recipient_name?.trim();
  const shown = proof.currentData;
  return (
    <div className="delivery-record">
      <span className="delivery-record__text">
        Delivered on {dates.dateTime(delivery.delivered_at)}
        {to ? ` to ${to}` : ''}
      </span>
      {(delivery.has_signature || delivery.photo_count > 0) && (
        <button
          type="button"
          className="delivery-record__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Hide proof' : 'Show proof'}
          <span className="visually-hidden"> of order #{order.order_number}</span>
        </button>
      )}
      <div id={bodyId} hidden={!open} className="delivery-record__proof">
        {open && proof.isFetching && !shown && (
          <p className="muted" role="status">
            Loading the proof of delivery…
          </p>
        )}
        {open && proof.isError && <Message text="Error: Could not load the proof of delivery" tone="error" />}
        {open && shown && (
          <>
            {shown.signature_url && (
              <img
                className="delivery-record__signature"
                src={shown.signature_url}
                alt={`Signature of ${to || 'the recipient'} for order #${order.order_number}`}
              />
            )}
            {shown.photo_urls.map((url, i) => (
              <a key={url} href={url} target="_blank" rel="noreferrer" className="delivery-record__photo-link">
                <img
                  className="delivery-record__photo"
                  src={url}
                  alt={`Delivery of order #${order.order_number}, ${i + 1} of ${shown.photo_urls.length}`}
                />
              </a>
            ))}
            {shown.notes && <p className="delivery-record__notes">{shown.notes}</p>}
            <p className="muted delivery-record__by">
              Recorded by {shown.delivered_by}
              {shown.latitude !== null && shown.longitude !== null
                ? ` at ${shown.latitude.toFixed(5)}, ${shown.longitude.toFixed(5)}`
                : ''}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
