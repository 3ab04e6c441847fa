import type { ServiceContext } from '@portal/platform';
import type { MediaConfig } from './config';
import type { MediaDeps } from './context';
import { pictureDownloadTokens } from './use-cases/picture-downloads';

export function mediaDependencies(base: ServiceContext<MediaConfig>): MediaDeps {
  return { downloadTokens: pictureDownloadTokens(base) };
}
