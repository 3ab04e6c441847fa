import { defineService, systemTimezoneChanged } from '@portal/platform';
import { Orders1766000000000 } from './data/migrations/1766000000000-orders';
import { OrderListIndexes1767400000000 } from './data/migrations/1767400000000-order-list-indexes';
import { SystemSettings1767700000000 } from './data/migrations/1767700000000-system-settings';
import { PaymentsCreatedIndex1769500000000 } from './data/migrations/1769500000000-payments-created-index';
import { OrderDeliveries1769600000000 } from './data/migrations/1769600000000-order-deliveries';
import { OrderPoNumber1770500000000 } from './data/migrations/1770500000000-order-po-number';
import { DealerTerms1770600000000 } from './data/migrations/1770600000000-dealer-terms';
import { ArAging1770700000000 } from './data/migrations/1770700000000-ar-aging';
import { OrderTimeline1770800000000 } from './data/migrations/1770800000000-order-timeline';
import { DefaultPaymentTerms1770900000000 } from './data/migrations/1770900000000-default-payment-terms';
import { OrdersOnHold1771000000000 } from './data/migrations/1771000000000-orders-on-hold';
import { orderDependencies } from './dependencies';
import { dealerBatchConsumers } from './events/dealer-directory';
import { productCreated, productDeleted, productUpdated } from './events/product-directory';
import { paymentTermsChanged } from './events/settings';
import {
  shipmentCreated,
  shipmentDeliveryUndone,
  shipmentDeparted,
  shipmentOrderStatusChanged,
} from './events/shipments';
import { arAging, dealerStatement, emailStatement, exportArAging, ownStatement } from './http/admin/account';
import { dealerTerms, releaseOrderHoldRoute, updateDealerTerms } from './http/admin/dealer-terms';
import { emailInvoice, invoicePdf } from './http/admin/invoices';
import {
  allOrders,
  createOrder,
  dealerOrderSummary,
  dealerOrders,
  exportOrders,
  recordPayment,
  updateOrder,
} from './http/admin/orders';
import { orderTimelineRoute } from './http/dealer/order-timeline';
import { submitOrder } from './http/dealer/submit-order';
import { orderReportRoute, topDealersRoute } from './http/internal/reports';

export const orderService = defineService({
  name: 'order',
  migrations: [
    Orders1766000000000,
    OrderListIndexes1767400000000,
    SystemSettings1767700000000,
    PaymentsCreatedIndex1769500000000,
    OrderDeliveries1769600000000,
    OrderPoNumber1770500000000,
    DealerTerms1770600000000,
    ArAging1770700000000,
    OrderTimeline1770800000000,
    DefaultPaymentTerms1770900000000,
    OrdersOnHold1771000000000,
  ],
  dependencies: orderDependencies,
  internalRoutes: [orderReportRoute, topDealersRoute],
  consumers: {
    'product.created': productCreated,
    'product.updated': productUpdated,
    'product.deleted': productDeleted,
    'shipment.created': shipmentCreated,
    'shipment.order_status_changed': shipmentOrderStatusChanged,
    'shipment.delivery_undone': shipmentDeliveryUndone,
    'shipment.departed': shipmentDeparted,
    'settings.timezone_changed': systemTimezoneChanged,
    'settings.payment_terms_changed': paymentTermsChanged,
  },
  batchConsumers: dealerBatchConsumers,
  handlers: {
    'admin.dealerOrders': dealerOrders,
    'admin.dealerOrderSummary': dealerOrderSummary,
    'admin.allOrders': allOrders,
    'admin.exportOrders': exportOrders,
    'admin.updateOrder': updateOrder,
    'admin.createOrder': createOrder,
    'admin.emailInvoice': emailInvoice,
    'admin.invoicePdf': invoicePdf,
    'admin.recordPayment': recordPayment,
    'dealer.submitOrder': submitOrder,
    'dealer.orderTimeline': orderTimelineRoute,
    'admin.dealerTerms': dealerTerms,
    'admin.updateDealerTerms': updateDealerTerms,
    'admin.releaseOrderHold': releaseOrderHoldRoute,
    'admin.dealerStatement': dealerStatement,
    'dealer.statement': ownStatement,
    'admin.emailStatement': emailStatement,
    'admin.arAging': arAging,
    'admin.exportArAging': exportArAging,
  },
});
