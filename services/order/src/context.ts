import type { endpoints } from '@portal/contracts';
import type { BaseConfig, ConsumerContext, Handler, ServiceContext } from '@portal/platform';

export type OrderContext = ServiceContext<BaseConfig>;
export type OrderConsumerContext = ConsumerContext<BaseConfig>;

/** The handler of one contract endpoint, by its id. */
export type OrderHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], OrderContext>;
