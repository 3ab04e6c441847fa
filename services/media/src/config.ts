import { BaseConfig, DownloadLinkEnv } from '@portal/platform';
import type { z } from 'zod';

/**
 * The media service's variables: the base ones plus the download links'. Production refuses to start without
 * DOWNLOAD_SIGNING_KEY (a link must work on every replica and survive a restart).
 */
export const MediaConfig = BaseConfig.extend(DownloadLinkEnv.shape).refine(
  (c) => c.NODE_ENV !== 'production' || c.DOWNLOAD_SIGNING_KEY !== undefined,
  { path: ['DOWNLOAD_SIGNING_KEY'], message: 'required in production (at least 32 characters)' },
);
export type MediaConfig = z.infer<typeof MediaConfig>;
