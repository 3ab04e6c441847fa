import type { endpoints } from '@portal/contracts';
import type { BaseConfig, ConsumerContext, Handler, ServiceContext } from '@portal/platform';

export type IncentiveContext = ServiceContext<BaseConfig>;
export type IncentiveConsumerContext = ConsumerContext<BaseConfig>;

/** The handler of one contract endpoint, by its id. */
export type IncentiveHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], IncentiveContext>;
