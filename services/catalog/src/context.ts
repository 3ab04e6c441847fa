import type { endpoints } from '@portal/contracts';
import type { BaseConfig, Handler, ServiceContext } from '@portal/platform';

export type CatalogContext = ServiceContext<BaseConfig>;

/** The handler of one contract endpoint, by its id. */
export type CatalogHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], CatalogContext>;
