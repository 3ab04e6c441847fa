import type { Order } from '@portal/contracts';
import { useAppSelector } from '../../app/hooks';
import { deliveredText } from '../../format/delivered';
import { useDateFormat } from '../company/useDateFormat';
import { useGetOrderProofQuery } from '../my-orders/myOrdersApi';
import { selectUser } from '../session/sessionSlice';

/**
 * The invoice's delivery line: "Delivered on … to …" once the driver recorded it, and for the dealer the
 * signature (read from its proof: the image is a signed link that expires, so it is read when the invoice opens).
 * Admins read the signature on the PDF and on the route; nothing shows before delivery or after an undo.
 */
export function InvoiceDelivery({ order }: { order: Pick<Order, 'order_id' | 'delivered_at' | 'delivered_to'> }) {
  const dates = useDateFormat();
  const isDealer = useAppSelector(selectUser)?.role === 'dealer';
  const text = deliveredText(order, dates);
  const proof = useGetOrderProofQuery(
    { params: { order_id: order.order_id } },
    { skip: !text || !isDealer, refetchOnMountOrArgChange: true },
  );
  if (!text) return null;
  const signature = proof.currentData?.signature_url ?? null;
  return (
    <section className="invoice__delivery" aria-label="Delivery">
      <h4>Delivery</h4>
      <p>{text}</p>
      {signature && (
        <img
          className="invoice__signature"
          src={signature}
          alt={`Signature of ${order.delivered_to?.trim() || 'the recipient'}`}
        />
      )}
    </section>
  );
}
