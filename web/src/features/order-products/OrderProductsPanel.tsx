import { Message } from '../../ui/Message';
import { useGetDealerProductsQuery } from '../products/catalogApi';
import { CatalogueProductCard } from './CatalogueProductCard';
import '../products/catalog.css';
import './order-products.css';

/**
 * The dealer's Order Products tab: the active products (GET /api/dealer/products). The catalogue column is laid
 * out beside an order summary column (`order-products__summary`) that the ordering screen fills with the cart,
 * and each card takes the quantity control as its children.
 */
export function OrderProductsPanel() {
  // the catalogue changes under an open portal (an admin edits it): a tab opened again after a minute refetches it
  const { data: products, error, isLoading } = useGetDealerProductsQuery(undefined, { refetchOnMountOrArgChange: 60 });
  return (
    <section className="order-products" aria-label="Products to order">
      <div className="order-products__catalogue">
        <p className="muted order-products__lead">Our current products and your dealer prices.</p>
        {isLoading && (
          <p className="muted" role="status">
            Loading products…
          </p>
        )}
        {error && <Message text="Error fetching products" />}
        {products?.length === 0 && (
          <p className="order-products__empty muted">No products are available to order right now.</p>
        )}
        {products && products.length > 0 && (
          <ul className="catalog-grid" aria-label="Products">
            {products.map((product) => (
              <CatalogueProductCard key={product.product_id} product={product} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
