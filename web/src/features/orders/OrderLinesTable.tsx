import type { ReactNode } from 'react';
import { formatCents } from '../../format/money';
import { type DraftLine, lineCents } from './invoiceDraft';

interface OrderLinesTableProps {
  lines: readonly DraftLine[];
  /** the table's accessible name, when the heading around it does not give one */
  label?: string;
  /** the quantity cell while items may be edited (an input); the number otherwise */
  quantityCell?: (line: DraftLine) => ReactNode;
  /** an extra last cell per line (e.g. Remove) while items may be edited */
  lineAction?: (line: DraftLine) => ReactNode;
  /** rows under the lines (e.g. the new order's running total) */
  footer?: ReactNode;
}

/** An order's lines — item, quantity, unit price and line total — as the invoice and the New Order form show them. */
export function OrderLinesTable({ lines, label, quantityCell, lineAction, footer }: OrderLinesTableProps) {
  return (
    <table className="invoice__lines" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col" className="invoice__number">
            Qty
          </th>
          <th scope="col" className="invoice__number">
            Unit Price
          </th>
          <th scope="col" className="invoice__number">
            Total
          </th>
          {lineAction && (
            <th scope="col" className="invoice__action">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.product_id}>
            <td>
              {line.title}
              {line.is_custom && <span className="invoice__custom"> (custom)</span>}
            </td>
            <td className="invoice__number">{quantityCell ? quantityCell(line) : line.quantity}</td>
            <td className="invoice__number">{formatCents(line.priceCents)}</td>
            <td className="invoice__number">{formatCents(lineCents(line))}</td>
            {lineAction && <td className="invoice__action">{lineAction(line)}</td>}
          </tr>
        ))}
      </tbody>
      {footer && <tfoot>{footer}</tfoot>}
    </table>
  );
}
