import { z } from 'zod';
import { IsoDate } from '../common';
import { DEALER_ENTITY_FIELDS, storedDealerShape } from '../dealer-fields';

/** The zones a fresh system starts with (the system configuration may change them). */
export const DEFAULT_ZONES = ['Eastern Zone', 'Midwest Zone', 'Southern Zone', 'Western Zone'] as const;

export const DealerStatus = z.enum(['pending', 'active', 'archived']).describe('pending: applied, not yet processed');

/** A dealer as every answer shows it: its own fields (from the field list) and what the service keeps about it. */
export const Dealer = z.object({
  dealer_id: z.string(),
  ...storedDealerShape(DEALER_ENTITY_FIELDS),
  specialties: z.array(z.string()),
  use_own_website: z.boolean(),
  enable_website: z.boolean(),
  header_image_url: z.string().nullable(),
  published_at: IsoDate.nullable(),
  created_at: IsoDate.describe('join date'),
  archived: z.boolean(),
  status: DealerStatus,
  archived_at: IsoDate.nullable(),
});
export type Dealer = z.infer<typeof Dealer>;

/** Admin-side website settings of a dealer. */
export const WebsiteInfo = z.object({
  use_own_website: z.boolean(),
  custom_website_url: z.string().nullable(),
  custom_website_enabled: z.boolean(),
  header_image: z.string().nullable().describe('URL of the header image, or null'),
  description: z.string().nullable(),
});
export type WebsiteInfo = z.infer<typeof WebsiteInfo>;

export const DealerNote = z.object({
  note_id: z.string(),
  note_text: z.string(),
  created_by_name: z.string(),
  created_at: IsoDate,
  formatted_date: z.string(),
});
export type DealerNote = z.infer<typeof DealerNote>;

export const DashboardStats = z.object({
  dealer_counts: z.object({
    total: z.number().int().nonnegative(),
    by_state: z.record(z.string(), z.number().int().nonnegative()).describe('active dealers per state code'),
  }),
  order_stats: z.object({
    pending_orders: z.number().int().nonnegative(),
    recent_orders: z.number().int().nonnegative().describe('orders created this month'),
  }),
});
export type DashboardStats = z.infer<typeof DashboardStats>;

export const BulkImportResults = z.object({
  successful_imports: z.number().int().nonnegative(),
  failed_imports: z.number().int().nonnegative(),
  duplicate_emails: z.array(z.string()).describe('emails skipped because a dealer already uses them'),
  errors: z.array(z.object({ row: z.number().int().positive(), message: z.string() })),
});
export type BulkImportResults = z.infer<typeof BulkImportResults>;
