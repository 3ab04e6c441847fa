import { BaseConfig, DownloadLinkEnv } from '@portal/platform';
import type { z } from 'zod';

/**
 * The shipping service's variables: the base ones plus the signing key of its proof-of-delivery image links
 * (DOWNLOAD_SIGNING_KEY). Production refuses to start without it: a link must work on every replica and
 * survive a restart.
 */
export const ShippingConfig = BaseConfig.extend(DownloadLinkEnv.shape).refine(
  (c) => c.NODE_ENV !== 'production' || c.DOWNLOAD_SIGNING_KEY !== undefined,
  { path: ['DOWNLOAD_SIGNING_KEY'], message: 'required in production (at least 32 characters)' },
);
export type ShippingConfig = z.infer<typeof ShippingConfig>;
