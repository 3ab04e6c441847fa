/**
 * Every cache tag of the client, declared once: a query provides tags, a mutation invalidates the reads it
 * changed.
 */
export const TAG_TYPES = [
  'CompanySettings',
  'Dealers',
  'PendingDealers',
  'ArchivedDealers',
  'DashboardStats',
  'DealerNotes',
  'DealerLogin',
  'DealerWebsite',
  'OwnDealer',
  'AdminUsers',
  'TwoFactor',
  'SystemConfiguration',
  'NotificationSettings',
  'EmailSettings',
  'Products',
  'Pictures',
  'Orders',
  'DealerTerms',
  'ReadyToShip',
  'Shipments',
  'ShippingSettings',
  'MapSettings',
  'MapDealers',
  'GeocodingSummary',
  'Performance',
  'IncentivePrograms',
  'Achievements',
  'PendingNotifications',
] as const;

export type TagType = (typeof TAG_TYPES)[number];
