import type { Order } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { type ReorderFill, reorderFill, reorderNotice } from '../order-products/reorder';
import { loadSavedQuantities, saveQuantities, saveReorderNotice } from '../order-products/savedQuantities';
import { catalogApi } from '../products/catalogApi';
import { selectUser } from '../session/sessionSlice';
import { browserStorage } from '../session/storedSession';

interface OrderAgain {
  /** fills Order Products with the order's products that can be ordered now, and opens it */
  start: (order: Order) => void;
  /** the order whose products are being read, or null */
  busyOrderId: string | null;
  /** why the last Order Again did nothing */
  error: string | null;
  /** the question asked before a cart that is not empty is replaced */
  dialog: ReactNode;
}

/**
 * Order Again on My Orders: the past order's products still in the (freshly read) catalogue become the saved
 * Order Products quantities, replacing the cart after a confirm when it is not empty; the ones no longer offered
 * are named on Order Products.
 */
export function useOrderAgain(onOrderProducts: () => void): OrderAgain {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const owner = user ? (user.dealer_id ?? user.email) : null;
  const [busyOrderId, setBusyOrderId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<ReorderFill | null>(null);

  const apply = (fill: ReorderFill) => {
    if (!owner) return;
    setPending(null);
    saveQuantities(browserStorage(), owner, fill.quantities);
    saveReorderNotice(browserStorage(), owner, reorderNotice(fill));
    onOrderProducts();
  };

  const start = async (order: Order) => {
    if (!owner || busyOrderId) return;
    setError(null);
    setBusyOrderId(order.order_id);
    try {
      const offered = await dispatch(
        catalogApi.endpoints.getDealerProducts.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      const fill = reorderFill(order.product_details, offered);
      if (Object.keys(fill.quantities).length === 0) {
        setError(`Error: None of the products of order ${order.order_number} can be ordered now.`);
      } else if (Object.keys(loadSavedQuantities(browserStorage(), owner)).length > 0) {
        setPending(fill);
      } else {
        apply(fill);
      }
    } catch {
      setError('Error fetching products');
    } finally {
      setBusyOrderId(null);
    }
  };

  const dialog = (
    <Modal
      open={pending !== null}
      title="Replace your current order?"
      onClose={() => setPending(null)}
      footer={
        <>
          <Button variant="secondary" onClick={() => setPending(null)}>
            Keep current
          </Button>
          <Button onClick={() => pending && apply(pending)}>Replace</Button>
        </>
      }
    >
      <p className="modal__text">
        Order Products already has products chosen. Order Again replaces those quantities with this order's.
      </p>
    </Modal>
  );

  return { start: (order) => void start(order), busyOrderId, error, dialog };
}
