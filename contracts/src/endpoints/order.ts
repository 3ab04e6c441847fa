import { z } from 'zod';
import { Ok } from '../common';
import { access, endpoint } from '../endpoint';
import { DealerOrderSummary, DealerTerms, Order, OrderTimeline, Payment, PaymentStatus } from '../entities/order';
import { idParams, Money } from '../fields';
import { pageable } from '../list-query';
import {
  CreateOrderRequest,
  DealerTermsRequest,
  EmailInvoiceRequest,
  OrderExportQuery,
  OrderListQuery,
  RecordPaymentRequest,
  ReleaseOrderHoldRequest,
  SubmitOrderRequest,
  UpdateOrderRequest,
} from '../requests/order';
import { accountEndpoints } from './account';

const owner = 'order' as const;
/** The body of a PDF answer: documented, never validated. */
/** The body of a CSV answer: documented, never validated. */
const CsvText = z.string().describe('the orders as CSV: UTF-8 with a byte-order mark, every cell quoted, CRLF');
const PdfBytes = z.string().meta({ format: 'binary' }).describe('the invoice as a PDF document');
const OrderList = pageable(Ok.extend({ orders: z.array(Order) }));
const OrderResponse = Ok.extend({ order: Order });

export const orderEndpoints = {
  'admin.dealerOrders': endpoint({
    id: 'admin.dealerOrders',
    method: 'GET',
    path: '/api/admin/dealer-orders/{dealer_id}',
    owner,
    access: access.rolesOrOwnDealer('dealer_id', 'admin'),
    summary: "A dealer's orders, newest first (a dealer may read only its own)",
    params: idParams('dealer_id'),
    query: OrderListQuery,
    response: OrderList,
  }),
  'admin.dealerOrderSummary': endpoint({
    id: 'admin.dealerOrderSummary',
    method: 'GET',
    path: '/api/admin/dealer-order-summary/{dealer_id}',
    owner,
    access: access.rolesOrOwnDealer('dealer_id', 'admin'),
    summary:
      "A dealer's order figures over all its orders: how many, how many open, billed, paid and balance (a dealer only its own; zeros for a dealer without orders)",
    params: idParams('dealer_id'),
    response: Ok.extend({ summary: DealerOrderSummary }),
    beyondSpec: true,
  }),
  'admin.allOrders': endpoint({
    id: 'admin.allOrders',
    method: 'GET',
    path: '/api/admin/all-orders',
    owner,
    access: access.roles('admin', 'delivery'),
    summary: 'Every order, newest first; with limit, one page of the filtered, searched and sorted orders',
    query: OrderListQuery,
    response: OrderList,
  }),
  'admin.exportOrders': endpoint({
    id: 'admin.exportOrders',
    method: 'GET',
    path: '/api/admin/all-orders/export',
    owner,
    access: access.roles('admin'),
    summary:
      "Every order that matches the Orders tab's filters, search and sort, as a CSV download (streamed; the same columns as the tab's export)",
    query: OrderExportQuery,
    response: CsvText,
    responseKind: 'csv',
    beyondSpec: true,
  }),
  'admin.updateOrder': endpoint({
    id: 'admin.updateOrder',
    method: 'PUT',
    path: '/api/admin/update-order/{order_id}',
    owner,
    access: access.roles('admin'),
    summary: "Change an order's status, and its lines while it is pending",
    params: idParams('order_id'),
    body: UpdateOrderRequest,
    response: OrderResponse,
  }),
  'admin.createOrder': endpoint({
    id: 'admin.createOrder',
    method: 'POST',
    path: '/api/admin/create-order',
    owner,
    access: access.roles('admin'),
    summary: 'Create an order for a dealer, with catalogue or custom lines',
    body: CreateOrderRequest,
    response: OrderResponse,
  }),
  'admin.emailInvoice': endpoint({
    id: 'admin.emailInvoice',
    method: 'POST',
    path: '/api/admin/email-invoice',
    owner,
    access: access.roles('admin'),
    summary: "Email an order's invoice to its dealer",
    body: EmailInvoiceRequest,
    response: Ok,
  }),
  'admin.invoicePdf': endpoint({
    id: 'admin.invoicePdf',
    method: 'GET',
    path: '/api/admin/invoice-pdf/{order_id}',
    owner,
    access: access.roles('admin', 'dealer'),
    summary:
      "An order's invoice as a PDF download, the same document Email Invoice attaches (a dealer only its own order)",
    params: idParams('order_id'),
    query: z.object({
      include_notes: z.stringbool().default(true).describe("whether the order's notes are printed (default true)"),
    }),
    response: PdfBytes,
    responseKind: 'pdf',
    beyondSpec: true,
  }),
  'admin.recordPayment': endpoint({
    id: 'admin.recordPayment',
    method: 'POST',
    path: '/api/admin/record-payment',
    owner,
    access: access.roles('admin'),
    summary: "Record a payment against an order; answers the order's new payment status",
    body: RecordPaymentRequest,
    response: Ok.extend({
      payment: Payment,
      payment_status: PaymentStatus,
      total_paid: Money,
      balance: z.number().multipleOf(0.01).describe('US dollars; negative when overpaid'),
    }),
  }),
  'admin.dealerTerms': endpoint({
    id: 'admin.dealerTerms',
    method: 'GET',
    path: '/api/admin/dealer-terms/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "A dealer's payment terms (the default when it has none of its own) and credit limit",
    params: idParams('dealer_id'),
    response: Ok.extend({ terms: DealerTerms }),
    beyondSpec: true,
  }),
  'admin.updateDealerTerms': endpoint({
    id: 'admin.updateDealerTerms',
    method: 'PUT',
    path: '/api/admin/dealer-terms/{dealer_id}',
    owner,
    access: access.roles('admin'),
    summary: "Set a dealer's payment terms (0 to 365 days) and credit limit (null: no limit); answers the terms",
    params: idParams('dealer_id'),
    body: DealerTermsRequest,
    response: Ok.extend({ terms: DealerTerms }),
    beyondSpec: true,
  }),
  'admin.releaseOrderHold': endpoint({
    id: 'admin.releaseOrderHold',
    method: 'POST',
    path: '/api/admin/release-order-hold/{order_id}',
    owner,
    access: access.roles('admin'),
    summary:
      "Release an order's credit hold with a note (kept on the order and in the audit log), so it can be confirmed",
    params: idParams('order_id'),
    body: ReleaseOrderHoldRequest,
    response: OrderResponse,
    beyondSpec: true,
  }),
  'dealer.submitOrder': endpoint({
    id: 'dealer.submitOrder',
    method: 'POST',
    path: '/api/dealer/submit-order',
    owner,
    access: access.roles('dealer'),
    summary: 'A dealer orders active products (0 to 100 of each; at least one)',
    body: SubmitOrderRequest,
    response: Ok.extend({ order_id: z.string(), order: Order }),
  }),
  'dealer.orderTimeline': endpoint({
    id: 'dealer.orderTimeline',
    method: 'GET',
    path: '/api/dealer/order-timeline/{order_id}',
    owner,
    access: access.roles('admin', 'dealer'),
    summary:
      "Where is my order: an order's timeline, placed to delivered with its payments and the steps still to come (a dealer only its own order)",
    params: idParams('order_id'),
    response: Ok.extend({ timeline: OrderTimeline }),
    beyondSpec: true,
  }),
  ...accountEndpoints,
} as const;
