import { type ServiceContext, serviceClient } from '@portal/platform';
import type { DealerConfig } from './config';
import type { DealerDeps } from './context';
import { applicationLimits } from './use-cases/dealer-application';

export function dealerDependencies({ config, db }: ServiceContext<DealerConfig>): DealerDeps {
  return { identity: serviceClient(config.IDENTITY_URL), applicationLimits: applicationLimits(db) };
}
