import type { BaseConfig, ServiceContext } from '@portal/platform';
import type { CatalogDeps } from './context';
import { cachingImageReads } from './data/product-image-store';

export function catalogDependencies({ objects }: ServiceContext<BaseConfig>): CatalogDeps {
  return { productImages: cachingImageReads(objects) };
}
