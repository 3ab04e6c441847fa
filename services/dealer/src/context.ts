import type { endpoints } from '@portal/contracts';
import type { Handler, ServiceContext } from '@portal/platform';
import type { DealerConfig } from './config';

export type DealerContext = ServiceContext<DealerConfig>;

/** The handler of one contract endpoint, by its id. */
export type DealerHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], DealerContext>;
