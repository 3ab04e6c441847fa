import type { EventType, endpoints } from '@portal/contracts';
import type { Consumer, Handler, ServiceClient, ServiceContext } from '@portal/platform';
import type { DealerConfig } from './config';
import type { ApplicationLimits } from './use-cases/dealer-application';

/**
 * What one running dealer service keeps: its client of identity (dealer logins are created there) and the
 * application form's rate limits.
 */
export interface DealerDeps {
  identity: ServiceClient;
  applicationLimits: ApplicationLimits;
}

export type DealerContext = ServiceContext<DealerConfig, DealerDeps>;

/** The handler of one contract endpoint, by its id. */
export type DealerHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], DealerContext>;

/** The dealer service's consumer of one event type. */
export type DealerConsumer<T extends EventType> = Consumer<T, DealerConfig, DealerDeps>;
