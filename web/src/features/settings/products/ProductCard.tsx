import type { Product } from '@portal/contracts';
import { formatPrice } from '../../../format/money';
import { Button } from '../../../ui/Button';
import { ImageOrPlaceholder } from '../../../ui/ImageOrPlaceholder';
import { AvailabilityBadge } from '../../products/AvailabilityBadge';
import { productCardImageUrl } from '../../products/productImage';
import { PRODUCT_STATUS_INFO } from '../../products/productStatus';
import { stockFigures } from '../../products/stockAvailability';

interface ProductCardProps {
  product: Product;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

/** One product of Manage Products: image, title, SKU and category, price, status badge, stock, Edit and Delete. */
export function ProductCard({ product, onEdit, onDelete }: ProductCardProps) {
  const status = PRODUCT_STATUS_INFO[product.status];
  return (
    <li className="catalog-card" aria-label={product.title}>
      <div className="catalog-card__image">
        <ImageOrPlaceholder src={productCardImageUrl(product)} alt={product.title} />
      </div>
      <div className="catalog-card__body">
        <h3 className="catalog-card__title">{product.title}</h3>
        {(product.sku || product.category) && (
          <p className="catalog-card__sku">
            {[product.sku && `SKU ${product.sku}`, product.category].filter(Boolean).join(' · ')}
          </p>
        )}
        {product.description && <p className="catalog-card__text">{product.description}</p>}
        <div className="catalog-card__row">
          <p className="catalog-card__price">{formatPrice(product.price)}</p>
          <span className={`badge ${status.badge}`} title={status.meaning}>
            {status.label}
          </span>
        </div>
        <div className="catalog-card__row">
          <p className="catalog-card__stock">{stockFigures(product)}</p>
          <AvailabilityBadge availability={product.availability} />
        </div>
      </div>
      <div className="catalog-card__actions">
        <Button variant="secondary" onClick={() => onEdit(product)} aria-label={`Edit ${product.title}`}>
          Edit
        </Button>
        <Button variant="danger" onClick={() => onDelete(product)} aria-label={`Delete ${product.title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
