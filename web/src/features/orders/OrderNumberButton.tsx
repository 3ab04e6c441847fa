import type { Order } from '@portal/contracts';
import { Link } from '../../app/navigation/Link';

interface OrderNumberButtonProps {
  order: Order;
  className: string;
  /** what opening the order shows, for screen readers (e.g. "Open invoice of order 12AB") */
  label: string;
  onOpen: (order: Order) => void;
  /** the order's own address: a link then (Tab, Enter, open in a new tab), moving there on a plain click */
  href?: string;
}

/**
 * An order's #number in a table row: the row opens the order on a click; the button makes it reachable from the
 * keyboard too, and keeps its own click from reaching the row (which would open it a second time).
 */
export function OrderNumberButton({ order, className, label, onOpen, href }: OrderNumberButtonProps) {
  if (href) {
    return (
      <Link to={href} className={className} aria-label={label} onClick={(event) => event.stopPropagation()}>
        #{order.order_number}
      </Link>
    );
  }
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
