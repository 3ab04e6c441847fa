import type { endpoints } from '@portal/contracts';
import type { DownloadTokens, Handler, ServiceContext } from '@portal/platform';
import type { MediaConfig } from './config';

/** What one running media service keeps: the signer of its picture download links. */
export interface MediaDeps {
  downloadTokens: DownloadTokens;
}

export type MediaContext = ServiceContext<MediaConfig, MediaDeps>;

/** The handler of one contract endpoint, by its id. */
export type MediaHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], MediaContext>;
