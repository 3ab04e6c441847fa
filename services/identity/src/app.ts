import { defineService } from '@portal/platform';
import { IdentityConfig } from './config';
import { Users1763780000000 } from './data/migrations/1763780000000-users';
import { Settings1763790000000 } from './data/migrations/1763790000000-settings';
import { DealerInvitations1763800000000 } from './data/migrations/1763800000000-dealer-invitations';
import { Sessions1763900000000 } from './data/migrations/1763900000000-sessions';
import { LargeOrderNotices1766100000000 } from './data/migrations/1766100000000-large-order-notices';
import { StaffUserList1767400000000 } from './data/migrations/1767400000000-staff-user-list';
import { KnownDealers1768000000000 } from './data/migrations/1768000000000-known-dealers';
import { SentNotifications1769000000000 } from './data/migrations/1769000000000-sent-notifications';
import { NotificationOrders1769700000000 } from './data/migrations/1769700000000-notification-orders';
import { AuditLog1770100000000 } from './data/migrations/1770100000000-audit-log';
import { SessionDetailsAndEmailChange1770200000000 } from './data/migrations/1770200000000-session-details-and-email-change';
import { StaffMfa1770300000000 } from './data/migrations/1770300000000-staff-mfa';
import { RateLimits1770400000000 } from './data/migrations/1770400000000-rate-limits';
import { identityDependencies } from './dependencies';
import { auditRecorded } from './events/audit/audit-recorded';
import { applicationApproved, applicationRejected } from './events/dealer-applications';
import { dealerBatchConsumers } from './events/dealer-directory';
import { dealerApplicationNotice } from './events/notifications/dealer-applications';
import {
  orderCreatedNotices,
  orderUpdatedNotices,
  paymentRecordedNotice,
  shipmentDepartedNotices,
} from './events/notifications/order-notices';
import { productStockLowNotice } from './events/notifications/stock-notices';
import { sendRequestedEmail } from './events/send-requested-email';
import { auditLog } from './http/audit/audit-log';
import { login } from './http/auth/login';
import { logout } from './http/auth/logout';
import { createDealerLogin } from './http/dealer-logins/create-login';
import { deleteDealerLogin } from './http/dealer-logins/delete-login';
import { dealerLoginInfo } from './http/dealer-logins/login-info';
import { sendLoginInvitation } from './http/dealer-logins/send-invitation';
import { completeSignup, verifyInvitation } from './http/dealer-logins/signup';
import { updateDealerLogin } from './http/dealer-logins/update-login';
import { sendMailRoute } from './http/internal/send-mail';
import { staffUserRoute } from './http/internal/staff-user';
import { systemErrorsRoute } from './http/internal/system-errors';
import { mfaDisable, mfaEnable, mfaSetup, mfaStatus } from './http/mfa/own-mfa';
import { resetStaffUserMfa } from './http/mfa/reset-user-mfa';
import { loginMfa, loginMfaSetup } from './http/mfa/sign-in-mfa';
import { confirmEmail, updateProfile } from './http/profile/update-profile';
import { adminEndUserSessions, endOtherUserSessions, endUserSession, userSessions } from './http/sessions/own-sessions';
import { companySettings, publicCompanySettings, updateCompanySettings } from './http/settings/company-settings';
import { emailSettings, saveEmailSettings } from './http/settings/email-settings';
import { notificationSettings } from './http/settings/notification-settings';
import { saveSystemConfiguration, systemConfiguration } from './http/settings/system-configuration';
import { testEmail } from './http/settings/test-email';
import { createAdminUser } from './http/users/create-staff-user';
import { deleteAdminUser } from './http/users/delete-staff-user';
import { listStaffUsers } from './http/users/list-staff-users';
import { ensureFirstAdmin } from './use-cases/first-admin';
import { startHousekeeping } from './use-cases/housekeeping';
import { ownSystemErrorSink } from './use-cases/notifications/system-errors';
import { revocationFeed } from './use-cases/sessions/session-revocations';
import { notingSessionsSeen } from './use-cases/sessions/session-sightings';
import { announceSystemSettings } from './use-cases/settings/system-configuration';

export const identityService = defineService({
  name: 'identity',
  config: IdentityConfig,
  migrations: [
    Users1763780000000,
    Settings1763790000000,
    DealerInvitations1763800000000,
    Sessions1763900000000,
    LargeOrderNotices1766100000000,
    StaffUserList1767400000000,
    KnownDealers1768000000000,
    SentNotifications1769000000000,
    NotificationOrders1769700000000,
    AuditLog1770100000000,
    SessionDetailsAndEmailChange1770200000000,
    StaffMfa1770300000000,
    RateLimits1770400000000,
  ],
  // the audit log: the service's role may only read and append (sealed by provisioning, see the migration)
  appendOnlyTables: ['audit_log'],
  dependencies: identityDependencies,
  async onStart(ctx) {
    await ensureFirstAdmin(ctx);
    await announceSystemSettings(ctx);
    startHousekeeping(ctx);
    ctx.deps.reportScheduler.start(ctx);
    // new-dealer notices a restart left pending
    ctx.deps.newDealerNotices.kick(ctx);
  },
  async onStop(ctx) {
    await ctx.deps.reportScheduler.stop();
    await ctx.deps.newDealerNotices.stop();
    ctx.deps.rateLimits.stop();
  },
  revocationFeed,
  internalRoutes: [sendMailRoute, systemErrorsRoute, staffUserRoute],
  systemErrorSink: ownSystemErrorSink,
  consumers: {
    'notification.email_requested': sendRequestedEmail,
    // the large-order notice, the new-order notice and the revenue milestones (events/notifications)
    'order.created': orderCreatedNotices,
    'order.updated': orderUpdatedNotices,
    'payment.recorded': paymentRecordedNotice,
    // each dealer on a route that left hears what is on the truck and when (events/notifications)
    'shipment.departed': shipmentDepartedNotices,
    // a product fell to its low-stock level (notify_low_inventory)
    'product.stock_low': productStockLowNotice,
    'dealer.application_received': dealerApplicationNotice,
    // the applicant's invitation or refusal (an admin's decision)
    'dealer.application_approved': applicationApproved,
    'dealer.application_rejected': applicationRejected,
  },
  // a bulk import announces thousands of dealers: they are remembered a batch per statement
  // every service's audit.recorded (identity's own too), appended to the hash-chained log a batch per statement
  batchConsumers: { ...dealerBatchConsumers, 'audit.recorded': auditRecorded },
  // every request of a signed-in session refreshes its "last seen" (at most once a minute)
  handlers: notingSessionsSeen({
    'auth.login': login,
    'auth.logout': logout,
    'user.updateProfile': updateProfile,
    'admin.users': listStaffUsers,
    'admin.createAdminUser': createAdminUser,
    'admin.deleteAdminUser': deleteAdminUser,
    'admin.dealerLoginInfo': dealerLoginInfo,
    'admin.createDealerLogin': createDealerLogin,
    'admin.updateDealerLogin': updateDealerLogin,
    'admin.sendLoginInvitation': sendLoginInvitation,
    'admin.deleteDealerLogin': deleteDealerLogin,
    'dealer.verifyInvitation': verifyInvitation,
    'dealer.completeSignup': completeSignup,
    'public.companySettings': publicCompanySettings,
    'admin.companySettings': companySettings,
    'admin.updateCompanySettings': updateCompanySettings,
    'admin.systemConfiguration': systemConfiguration,
    'admin.saveSystemConfiguration': saveSystemConfiguration,
    'admin.notificationSettings': notificationSettings,
    'admin.emailSettings': emailSettings,
    'admin.saveEmailSettings': saveEmailSettings,
    'admin.testEmail': testEmail,
    'admin.auditLog': auditLog,
    'user.mfaStatus': mfaStatus,
    'user.mfaSetup': mfaSetup,
    'user.mfaEnable': mfaEnable,
    'user.mfaDisable': mfaDisable,
    'auth.loginMfaSetup': loginMfaSetup,
    'auth.loginMfa': loginMfa,
    'admin.resetUserMfa': resetStaffUserMfa,
    'user.sessions': userSessions,
    'user.endSession': endUserSession,
    'user.endOtherSessions': endOtherUserSessions,
    'admin.endUserSessions': adminEndUserSessions,
    'user.confirmEmailChange': confirmEmail,
  }),
});
