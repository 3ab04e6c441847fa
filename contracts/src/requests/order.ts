import { z } from 'zod';
import { OrderStatus, PAYMENT_METHODS, PAYMENT_STATUSES } from '../entities/order';
import { Id, Money, optionalText, requiredText, storableString } from '../fields';
import { commaListOf, DateParam, listQuery, SearchParam } from '../list-query';
import { ORDER_STATUSES } from '../values';

/** One invoice line as the admin edits it; custom lines carry a product_id starting with custom_. */
export const OrderLineInput = z.object({
  product_id: Id,
  title: optionalText(),
  name: optionalText().describe('older clients send the title as name'),
  description: optionalText(2000),
  quantity: z
    .number()
    .int('Error: Quantity must be a whole number')
    .min(1, 'Error: Quantity must be at least 1')
    .max(100000),
  price: Money.optional().describe('unit price in US dollars; required for custom lines, catalogue price otherwise'),
  is_custom: z.boolean().optional(),
});

const SELECT_DEALER_AND_PRODUCT = 'Please select a dealer and add at least one product';
export const CreateOrderRequest = z.object({
  dealer_id: requiredText(SELECT_DEALER_AND_PRODUCT, 100),
  product_details: z
    .array(OrderLineInput, { error: SELECT_DEALER_AND_PRODUCT })
    .min(1, SELECT_DEALER_AND_PRODUCT)
    .max(500),
  status: OrderStatus.default('pending'),
  notes: optionalText(5000),
});

/** Lines may change only while the order is pending (checked by the order service). */
export const UpdateOrderRequest = z.object({
  status: OrderStatus.optional(),
  product_details: z.array(OrderLineInput).min(1).max(500).optional(),
  notes: optionalText(5000),
});

export const EmailInvoiceRequest = z.object({
  order_id: Id,
  order_data: z.unknown().optional().describe('ignored: the invoice is always rebuilt from the stored order'),
  include_notes: z.boolean().default(false),
});

const PAYMENT_REQUIRED = 'Please select payment type and enter a valid amount';
export const RecordPaymentRequest = z.object({
  order_id: Id,
  payment_method: z.enum(PAYMENT_METHODS, { error: PAYMENT_REQUIRED }),
  amount: z.number({ error: PAYMENT_REQUIRED }).positive(PAYMENT_REQUIRED).pipe(Money),
  check_number: optionalText(50),
  notes: optionalText(2000),
});

export const MAX_ORDER_QUANTITY = 100;
const SELECT_ONE_PRODUCT = 'Error: Please select at least one product to order';
export const SubmitOrderRequest = z.object({
  product_orders: z
    .array(
      z.object({
        product_id: Id,
        quantity: z
          .number()
          .int('Error: Quantity must be a whole number')
          .min(0, 'Error: Quantity must be between 0 and 100')
          .max(MAX_ORDER_QUANTITY, 'Error: Quantity must be between 0 and 100'),
      }),
      { error: SELECT_ONE_PRODUCT },
    )
    .max(500)
    .refine((lines) => lines.some((line) => line.quantity > 0), SELECT_ONE_PRODUCT),
  po_number: storableString()
    .trim()
    .max(50, 'Error: The PO number must be at most 50 characters')
    .optional()
    .describe("the dealer's purchase order number, printed on the invoice; blank is none"),
  notes: storableString()
    .trim()
    .max(2000, 'Error: Notes must be at most 2000 characters')
    .optional()
    .describe("the dealer's note on the order (the order's notes, which an admin may edit later)"),
  idempotency_key: optionalText(100).describe(
    'the same key as the Idempotency-Key header, for clients that cannot set headers: a retried or double-clicked submit with one key creates one order',
  ),
});

/** The orders lists' query (all-orders, dealer-orders, and their CSV export): see list-query. */
export const OrderListQuery = listQuery({
  sorts: ['created_at', 'total_value', 'dealer_business_name', 'status'],
  filters: {
    q: SearchParam.describe('order number, PO number, dealer business and contact name, email, city'),
    status: commaListOf(ORDER_STATUSES),
    payment_status: commaListOf(PAYMENT_STATUSES),
    on_hold: z
      .stringbool({ error: 'must be true or false' })
      .describe('true: only the orders on credit hold (issue 24; a cancelled order keeps its hold); false: the others'),
    dealer_id: z.string().trim().min(1).max(100),
    from: DateParam.describe('the first day, inclusive, in the system timezone'),
    to: DateParam.describe('the last day, inclusive, in the system timezone'),
  },
});
export type OrderListQuery = z.infer<typeof OrderListQuery>;

/** The orders CSV export's query: the orders list's filters, search and sort, without a page (every match). */
export const OrderExportQuery = OrderListQuery.omit({ limit: true, cursor: true });
export type OrderExportQuery = z.infer<typeof OrderExportQuery>;

const TERMS_DAYS = 'Error: Payment terms must be a whole number of days from 0 to 365';
const CREDIT_LIMIT = 'Error: The credit limit must be an amount in dollars, or null for no limit';
/** PUT /api/admin/dealer-terms/{dealer_id} (issue 24): both fields are required; credit_limit null is no limit. */
export const DealerTermsRequest = z.object({
  payment_terms_days: z.number({ error: TERMS_DAYS }).int(TERMS_DAYS).min(0, TERMS_DAYS).max(365, TERMS_DAYS),
  credit_limit: z.number({ error: CREDIT_LIMIT }).pipe(Money).nullable().describe('US dollars; null: no credit limit'),
});

const RELEASE_NOTE = 'Error: Please say why the hold is released';
/** POST /api/admin/release-order-hold/{order_id} (issue 24): the admin's note is kept on the order. */
export const ReleaseOrderHoldRequest = z.object({
  note: requiredText(RELEASE_NOTE, 500),
});
