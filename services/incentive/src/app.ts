import { defineService, notImplemented } from '@portal/platform';

const RELEASE = 'the performance and incentives release';

export const incentiveService = defineService({
  name: 'incentive',
  migrations: [],
  handlers: {
    'admin.topPerformers': notImplemented(RELEASE),
    'admin.dealerPerformance': notImplemented(RELEASE),
    'admin.incentivePrograms': notImplemented(RELEASE),
    'admin.incentiveProgramsPost': notImplemented(RELEASE),
    'admin.incentiveProgramsPut': notImplemented(RELEASE),
    'admin.incentiveProgramsDelete': notImplemented(RELEASE),
    'admin.incentiveProgramsToggle': notImplemented(RELEASE),
    'admin.incentiveProgramsAchievements': notImplemented(RELEASE),
    'admin.pendingNotifications': notImplemented(RELEASE),
  },
});
