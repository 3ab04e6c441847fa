import type { Order } from '@portal/contracts';

interface OrderNumberButtonProps {
  order: Order;
  className: string;
  /** what opening the order shows, for screen readers (e.g. "Open invoice of order 12AB") */
  label: string;
  onOpen: (order: Order) => void;
}

/**
 * An order's #number in a table row: the row opens the order on a click; the button makes it reachable from the
 * keyboard too, and keeps its own click from reaching the row (which would open it a second time).
 */
export function OrderNumberButton({ order, className, label, onOpen }: OrderNumberButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(order);
      }}
    >
      #{order.order_number}
    </button>
  );
}
