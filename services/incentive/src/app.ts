import { defineService, notImplemented } from '@portal/platform';

const RELEASE = 'the performance and incentives release';

export const incentiveService = defineService({
  name: 'incentive',
  migrations: [],
  handlers: {
    'admin.topPerformers': notImplemented(RELEASE),
    'admin.dealerPerformance': notImplemented(RELEASE),
    'admin.incentivePrograms': notImplemented(RELEASE),
    'admin.createIncentiveProgram': notImplemented(RELEASE),
    'admin.updateIncentiveProgram': notImplemented(RELEASE),
    'admin.deleteIncentiveProgram': notImplemented(RELEASE),
    'admin.toggleIncentiveProgram': notImplemented(RELEASE),
    'admin.incentiveProgramAchievements': notImplemented(RELEASE),
    'admin.pendingNotifications': notImplemented(RELEASE),
  },
});
