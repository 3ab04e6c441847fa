import type { Product } from '@portal/contracts';
import { useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { useQueryParam } from '../../../app/navigation/history';
import { Button } from '../../../ui/Button';
import { ConfirmDeleteDialog } from '../../../ui/ConfirmDeleteDialog';
import { Message } from '../../../ui/Message';
import { useDeleteProductMutation, useGetProductsQuery } from '../../products/catalogApi';
import { LOW_STOCK_PARAM } from '../../products/stockAvailability';
import { SettingsCard, SettingsLoading } from '../shared/SettingsCard';
import { useTimedNotice } from '../shared/useTimedNotice';
import { ProductCard } from './ProductCard';
import { ProductFormModal } from './ProductFormModal';
import '../../products/catalog.css';
import { countOf } from '../../../format/count';

/** The create/edit modal: closed, creating, or editing one product. */
type Editing = { product: Product | null } | null;

/** Settings > Manage Products: the catalogue as cards; create, edit and delete products. */
export function ManageProductsPanel() {
  const [stock, setStock] = useQueryParam(LOW_STOCK_PARAM, { replace: false });
  const lowOnly = stock === 'low';
  const { data: products, error, isLoading } = useGetProductsQuery(lowOnly ? { query: { stock: 'low' } } : undefined);
  const [deleteProduct, { isLoading: deleting }] = useDeleteProductMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const [notice, showNotice] = useTimedNotice();

  async function confirmDelete(product: Product) {
    const result = await deleteProduct({ params: { product_id: product.product_id } });
    setToDelete(null);
    showNotice({
      text: result.error ? failureMessage(result.error, 'Failed to delete product') : 'Product deleted successfully!',
    });
  }

  return (
    <SettingsCard
      title="Manage Products"
      description="Dealers see only active products. Inactive and admin-only products stay hidden from them."
      aside={
        <div className="button-row">
          {products && <span className="badge">{countOf(products.length, 'product', 'products')}</span>}
          <Button onClick={() => setEditing({ product: null })}>Add Product</Button>
        </div>
      }
    >
      <div className="settings-form">
        <Message text={notice?.text} tone={notice?.tone} />
        {lowOnly && (
          <p className="button-row">
            <span>Showing the products low on stock or on backorder.</span>
            <Button variant="secondary" onClick={() => setStock('')}>
              Show all products
            </Button>
          </p>
        )}
        {isLoading && <SettingsLoading what="products" />}
        {error && <Message text="Error fetching products" />}
        {products?.length === 0 && (
          <p className="muted">
            {lowOnly ? 'No product is low on stock.' : 'No products yet. Add the first one with Add Product.'}
          </p>
        )}
        {products && products.length > 0 && (
          <ul className="catalog-grid" aria-label="Products">
            {products.map((product) => (
              <ProductCard
                key={product.product_id}
                product={product}
                onEdit={(chosen) => setEditing({ product: chosen })}
                onDelete={setToDelete}
              />
            ))}
          </ul>
        )}
      </div>

      {editing && (
        <ProductFormModal
          key={editing.product?.product_id ?? 'new'}
          product={editing.product}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            showNotice({ text: message });
          }}
        />
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        noun="Product"
        consequence="Dealers will no longer see or order it; orders that include it keep their lines."
        deleting={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </SettingsCard>
  );
}
