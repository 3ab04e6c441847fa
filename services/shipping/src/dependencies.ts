import type { ServiceContext } from '@portal/platform';
import type { ShippingConfig } from './config';
import type { ShippingDeps } from './context';
import { identityForShipping } from './identity/staff-users';
import { proofImageTokens } from './use-cases/proof-images';

/** The long-lived parts of one running shipping service (see ShippingDeps). */
export function shippingDependencies(base: ServiceContext<ShippingConfig>): ShippingDeps {
  return {
    identity: identityForShipping(base),
    proofImageTokens: proofImageTokens(base),
    clock: () => new Date(),
  };
}
