import type { DealerProduct } from '@portal/contracts';
import type { ReactNode } from 'react';
import { formatPrice } from '../../format/money';
import { ImageOrPlaceholder } from '../../ui/ImageOrPlaceholder';
import { AvailabilityBadge } from '../products/AvailabilityBadge';
import { productCardImageUrl } from '../products/productImage';

interface CatalogueProductCardProps {
  product: DealerProduct;
  /** what goes under the product (the quantity control) */
  children?: ReactNode;
}

/** One active product as a dealer sees it: image, title, SKU, description, price and availability (never a number). */
export function CatalogueProductCard({ product, children }: CatalogueProductCardProps) {
  return (
    <li className="catalog-card" aria-label={product.title}>
      <div className="catalog-card__image">
        <ImageOrPlaceholder src={productCardImageUrl(product)} alt={product.title} />
      </div>
      <div className="catalog-card__body">
        <h3 className="catalog-card__title">{product.title}</h3>
        {product.sku && <p className="catalog-card__sku">SKU {product.sku}</p>}
        {product.description && <p className="catalog-card__text">{product.description}</p>}
        <div className="catalog-card__row">
          <p className="catalog-card__price">{formatPrice(product.price)}</p>
          <AvailabilityBadge availability={product.availability} />
        </div>
      </div>
      {children && <div className="catalog-card__actions">{children}</div>}
    </li>
  );
}
