import { type ServiceContext, serviceClient } from '@portal/platform';
import type { DealerConfig } from './config';
import type { DealerDeps } from './context';

export function dealerDependencies({ config }: ServiceContext<DealerConfig>): DealerDeps {
  return { identity: serviceClient(config.IDENTITY_URL) };
}
