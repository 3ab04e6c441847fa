import type { ServiceContext } from '@portal/platform';
import type { IdentityConfig } from './config';

export type IdentityContext = ServiceContext<IdentityConfig>;
