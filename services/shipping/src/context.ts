import type { endpoints } from '@portal/contracts';
import type { ConsumerContext, DownloadTokens, Handler, ServiceContext } from '@portal/platform';
import type { ShippingConfig } from './config';
import type { IdentityForShipping } from './identity/staff-users';

/**
 * What one running shipping service keeps: its client of identity (who a route's driver is), the signer of proof
 * image links and its clock.
 */
export interface ShippingDeps {
  identity: IdentityForShipping;
  /** the signer of the proof-of-delivery image links */
  proofImageTokens: DownloadTokens;
  /** now; a test replaces it to step past the undo window without waiting */
  clock: () => Date;
}

export type ShippingContext = ServiceContext<ShippingConfig, ShippingDeps>;
export type ShippingConsumerContext = ConsumerContext<ShippingConfig, ShippingDeps>;

/** The handler of one contract endpoint, by its id. */
export type ShippingHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], ShippingContext>;
