import { BaseConfig } from '@portal/platform';
import { z } from 'zod';

export const DealerConfig = BaseConfig.extend({
  /**
   * identity's base URL: creating a dealer creates its login there, synchronously (the admin needs the
   * password). Required: without it no dealer can be created, so the service refuses to start.
   */
  IDENTITY_URL: z.url({ protocol: /^https?$/, error: 'IDENTITY_URL is required: the URL of the identity service' }),
  IDENTITY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});
export type DealerConfig = z.infer<typeof DealerConfig>;
