import { defineService, systemTimezoneChanged } from '@portal/platform';
import { Incentives1767000000000 } from './data/migrations/1767000000000-incentives';
import { PerformanceVersion1767100000000 } from './data/migrations/1767100000000-performance-version';
import { IncentiveLists1767500000000 } from './data/migrations/1767500000000-incentive-lists';
import { SystemTimezone1769400000000 } from './data/migrations/1769400000000-system-timezone';
import { AchievementsReachedIndex1769500000000 } from './data/migrations/1769500000000-achievements-reached-index';
import { dealerBatchConsumers } from './events/dealer-directory';
import { orderActivities } from './events/order-activity';
import { handlePendingNotification, pendingNotifications } from './http/admin/notifications';
import { dealerPerformance, topPerformers } from './http/admin/performance';
import {
  createIncentiveProgram,
  deleteIncentiveProgram,
  exportAchievements,
  incentiveProgramAchievements,
  incentivePrograms,
  toggleIncentiveProgram,
  updateIncentiveProgram,
} from './http/admin/programs';
import { incentiveProgress } from './http/dealer/progress';
import { achievementsReportRoute } from './http/internal/reports';

export const incentiveService = defineService({
  name: 'incentive',
  migrations: [
    Incentives1767000000000,
    PerformanceVersion1767100000000,
    IncentiveLists1767500000000,
    SystemTimezone1769400000000,
    AchievementsReachedIndex1769500000000,
  ],
  internalRoutes: [achievementsReportRoute],
  consumers: { 'settings.timezone_changed': systemTimezoneChanged },

  // one batch function per family: the order events of one batch are applied in the order they came
  batchConsumers: {
    ...dealerBatchConsumers,
    'order.created': orderActivities,
    'order.updated': orderActivities,
    'payment.recorded': orderActivities,
  },
  handlers: {
    'admin.topPerformers': topPerformers,
    'admin.dealerPerformance': dealerPerformance,
    'admin.incentivePrograms': incentivePrograms,
    'admin.createIncentiveProgram': createIncentiveProgram,
    'admin.updateIncentiveProgram': updateIncentiveProgram,
    'admin.deleteIncentiveProgram': deleteIncentiveProgram,
    'admin.toggleIncentiveProgram': toggleIncentiveProgram,
    'admin.incentiveProgramAchievements': incentiveProgramAchievements,
    'admin.exportAchievements': exportAchievements,
    'admin.pendingNotifications': pendingNotifications,
    'admin.handlePendingNotification': handlePendingNotification,
    'dealer.incentiveProgress': incentiveProgress,
  },
});
