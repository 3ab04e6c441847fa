import { defineService, systemTimezoneChanged } from '@portal/platform';
import { DealerConfig } from './config';
import { Dealers1763790000000 } from './data/migrations/1763790000000-dealers';
import { ConfiguredZones1764000000000 } from './data/migrations/1764000000000-configured-zones';
import { KnownOrders1766100000000 } from './data/migrations/1766100000000-known-orders';
import { DealerListIndexes1767300000000 } from './data/migrations/1767300000000-dealer-list-indexes';
import { DealerCounts1767600000000 } from './data/migrations/1767600000000-dealer-counts';
import { SystemTimezone1769400000000 } from './data/migrations/1769400000000-system-timezone';
import { DealerReportDates1769500000000 } from './data/migrations/1769500000000-dealer-report-dates';
import { DealerApplicationLimits1769610000000 } from './data/migrations/1769610000000-dealer-application-limits';
import { dealerDependencies } from './dependencies';
import { applySignup } from './events/apply-signup';
import { applyZones } from './events/apply-zones';
import { orderCreated, orderUpdated } from './events/order-stats';
import { bulkImportDealers } from './http/admin/bulk-import';
import { bulkUpdateDealerZone } from './http/admin/bulk-update-zone';
import { createDealer } from './http/admin/create-dealer';
import { dashboardStats } from './http/admin/dashboard-stats';
import { archiveDealer, dealerAction, deleteDealer, restoreDealer } from './http/admin/dealer-lifecycle';
import { allDealersEnhanced, archivedDealers, dealersList, pendingDealers } from './http/admin/dealer-lists';
import { addDealerNote, dealerNotes } from './http/admin/dealer-notes';
import { dealerWebsiteInfo, updateDealerWebsite } from './http/admin/dealer-website-settings';
import { updateDealer } from './http/admin/update-dealer';
import { deleteHeaderImage, uploadHeaderImage } from './http/dealer/header-image';
import { dealerProfile, updateDealerProfile } from './http/dealer/profile';
import { disableWebsite, previewWebsite, publishWebsite } from './http/dealer/website-publishing';
import { dealerReportRoute } from './http/internal/reports';
import { dealerApplication } from './http/public/dealer-application';
import { dealerWebsite } from './http/public/dealer-website';
import { headerImage } from './http/public/header-image-file';
import { liveWebsites } from './http/public/live-websites';

export const dealerService = defineService({
  name: 'dealer',
  config: DealerConfig,
  migrations: [
    Dealers1763790000000,
    ConfiguredZones1764000000000,
    KnownOrders1766100000000,
    DealerListIndexes1767300000000,
    DealerCounts1767600000000,
    SystemTimezone1769400000000,
    DealerReportDates1769500000000,
    DealerApplicationLimits1769610000000,
  ],
  dependencies: dealerDependencies,
  async onStop(ctx) {
    ctx.deps.applicationLimits.limits.stop();
  },
  internalRoutes: [dealerReportRoute],
  consumers: {
    'dealer.signup_completed': applySignup,
    'settings.zones_changed': applyZones,
    'order.created': orderCreated,
    'order.updated': orderUpdated,
    'settings.timezone_changed': systemTimezoneChanged,
  },
  handlers: {
    'dealer.profile': dealerProfile,
    'dealer.updateProfile': updateDealerProfile,
    'dealer.uploadHeaderImage': uploadHeaderImage,
    'dealer.deleteHeaderImage': deleteHeaderImage,
    'dealer.headerImage': headerImage,
    'dealer.publishWebsite': publishWebsite,
    'dealer.disableWebsite': disableWebsite,
    'dealer.previewWebsite': previewWebsite,
    'public.dealerWebsite': dealerWebsite,
    'public.liveDealerWebsites': liveWebsites,
    'public.dealerApplication': dealerApplication,
    'admin.dashboardStats': dashboardStats,
    'admin.pendingDealers': pendingDealers,
    'admin.allDealersEnhanced': allDealersEnhanced,
    'admin.dealersList': dealersList,
    'admin.dealerAction': dealerAction,
    'admin.archiveDealer': archiveDealer,
    'admin.restoreDealer': restoreDealer,
    'admin.deleteDealer': deleteDealer,
    'admin.archivedDealers': archivedDealers,
    'admin.createDealer': createDealer,
    'admin.updateDealer': updateDealer,
    'admin.bulkUpdateDealerZone': bulkUpdateDealerZone,
    'admin.dealerWebsiteInfo': dealerWebsiteInfo,
    'admin.updateDealerWebsite': updateDealerWebsite,
    'admin.dealerNotes': dealerNotes,
    'admin.addDealerNote': addDealerNote,
    'admin.bulkImportDealers': bulkImportDealers,
  },
});
