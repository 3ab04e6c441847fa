import type { endpoints } from '@portal/contracts';
import type { BaseConfig, ConsumerContext, Handler, ServiceContext } from '@portal/platform';

export type ShippingContext = ServiceContext<BaseConfig>;
export type ShippingConsumerContext = ConsumerContext<BaseConfig>;

/** The handler of one contract endpoint, by its id. */
export type ShippingHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], ShippingContext>;
