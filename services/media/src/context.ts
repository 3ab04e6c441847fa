import type { endpoints } from '@portal/contracts';
import type { Handler, ServiceContext } from '@portal/platform';
import type { MediaConfig } from './config';

export type MediaContext = ServiceContext<MediaConfig>;

/** The handler of one contract endpoint, by its id. */
export type MediaHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], MediaContext>;
