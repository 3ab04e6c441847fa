import type { EventType, endpoints } from '@portal/contracts';
import type { Consumer, Handler, ServiceContext } from '@portal/platform';
import type { IdentityConfig } from './config';
import type { IdentityDeps } from './dependencies';

export type IdentityContext = ServiceContext<IdentityConfig, IdentityDeps>;

/** The handler of one of identity's endpoints. */
export type IdentityHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], IdentityContext>;

/** Identity's consumer of one event type. */
export type IdentityConsumer<T extends EventType> = Consumer<T, IdentityConfig, IdentityDeps>;
