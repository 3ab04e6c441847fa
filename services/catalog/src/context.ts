import type { endpoints } from '@portal/contracts';
import type { BaseConfig, Handler, ObjectStore, ServiceContext } from '@portal/platform';

/** What one running catalog service keeps: the caching view of its object store every product image goes through. */
export interface CatalogDeps {
  productImages: ObjectStore;
}

export type CatalogContext = ServiceContext<BaseConfig, CatalogDeps>;

/** The handler of one contract endpoint, by its id. */
export type CatalogHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], CatalogContext>;
