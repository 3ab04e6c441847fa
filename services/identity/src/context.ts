import type { endpoints } from '@portal/contracts';
import type { Handler, ServiceContext } from '@portal/platform';
import type { IdentityConfig } from './config';

export type IdentityContext = ServiceContext<IdentityConfig>;

/** The handler of one of identity's endpoints. */
export type IdentityHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], IdentityContext>;
