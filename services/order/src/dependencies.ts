import type { BaseConfig, ServiceContext } from '@portal/platform';
import type { OrderDeps } from './context';
import { identityForOrder } from './identity/identity-client';

export function orderDependencies(base: ServiceContext<BaseConfig>): OrderDeps {
  return { identity: identityForOrder(base) };
}
