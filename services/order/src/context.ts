import type { endpoints } from '@portal/contracts';
import type { BaseConfig, ConsumerContext, Handler, ServiceContext } from '@portal/platform';
import type { IdentityForOrder } from './identity/identity-client';

/** What one running order service keeps: its client of identity (and identity's company details, cached). */
export interface OrderDeps {
  identity: IdentityForOrder;
}

export type OrderContext = ServiceContext<BaseConfig, OrderDeps>;
export type OrderConsumerContext = ConsumerContext<BaseConfig>;

/** The handler of one contract endpoint, by its id. */
export type OrderHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], OrderContext>;
