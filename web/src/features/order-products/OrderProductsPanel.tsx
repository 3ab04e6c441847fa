import { useEffect, useRef, useState } from 'react';
import { type CallFailure, failureMessage, isNetworkError } from '../../api/errorMessage';
import { useAppSelector } from '../../app/hooks';
import { useQueryParam } from '../../app/navigation/history';
import { knownCategories } from '../../format/categories';
import { formatCents } from '../../format/money';
import { Button } from '../../ui/Button';
import { InputField, SelectInput } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { useSubmitOrderMutation } from '../orders/ordersApi';
import { useGetDealerProductsQuery } from '../products/catalogApi';
import { selectUser } from '../session/sessionSlice';
import { browserStorage } from '../session/storedSession';
import { CatalogueProductCard } from './CatalogueProductCard';
import { ConfirmOrderModal } from './ConfirmOrderModal';
import { newIdempotencyKey } from './idempotencyKey';
import { chosenLines, MAX_QUANTITY, orderSummary } from './orderQuantities';
import { filterProducts, isFiltering } from './productFilter';
import { QuantityControl } from './QuantityControl';
import { loadSavedQuantities, readReorderNotice, saveQuantities, saveReorderNotice } from './savedQuantities';
import '../products/catalog.css';
import './order-products.css';

const SELECT_ONE_PRODUCT = 'Error: Please select at least one product to order';
const ORDER_SUBMITTED = 'Order submitted successfully! Your request has been sent for processing.';
/** The answer was lost: the order may or may not exist, and Confirm again resends the same attempt. */
const NO_ANSWER =
  'Error submitting order: no answer from the server. Confirm again to retry; the order will not be placed twice.';

/**
 * The dealer's Order Products tab: the active products (GET /api/dealer/products), a quantity (0–100) for each,
 * the order summary beside them, and a confirmation before the order is sent (POST /api/dealer/submit-order).
 * A search (name or SKU) and a category narrow the cards; quantities of products out of view stay in the order.
 */
export function OrderProductsPanel() {
  // the catalogue changes under an open portal (an admin edits it): a tab opened again after a minute refetches it
  const { data: products, error, isLoading } = useGetDealerProductsQuery(undefined, { refetchOnMountOrArgChange: 60 });
  const [submitOrder, { isLoading: submitting }] = useSubmitOrderMutation();
  const user = useAppSelector(selectUser);
  // whose cart this is: a dealer's id, or the email of a user without one
  const owner = user ? (user.dealer_id ?? user.email) : null;
  // what was typed survives a tab switch and a reload until the order is sent or cleared
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    owner ? loadSavedQuantities(browserStorage(), owner) : {},
  );
  useEffect(() => {
    if (owner) saveQuantities(browserStorage(), owner, quantities);
  }, [owner, quantities]);
  const [confirming, setConfirming] = useState(false);
  const [poNumber, setPoNumber] = useState('');
  const [notes, setNotes] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  // Order Again on My Orders leaves here the products it could not add: named until the order is sent
  const [reorderNotice] = useState(() => (owner ? readReorderNotice(browserStorage(), owner) : null));
  useEffect(() => {
    if (owner) saveReorderNotice(browserStorage(), owner, null);
  }, [owner]);
  const [reorderNoticeShown, setReorderNoticeShown] = useState(true);
  const [attemptError, setAttemptError] = useState<string | null>(null);
  // one key per confirmed attempt: a retry after a failure (or a second click) sends the same key, so the server
  // creates one order; a changed cart or a success starts a new attempt
  const attemptKey = useRef<string | null>(null);
  const sending = useRef(false);

  // the filter lives in the address (?q=…&category=…), like the other lists: a reload or Back keeps it
  const [search, setSearch] = useQueryParam('q');
  const [category, setCategory] = useQueryParam('category', { replace: false });
  const filter = { q: search, category };
  const categories = knownCategories(products ?? []);
  const shown = filterProducts(products ?? [], filter);
  const clearFilters = () => {
    setSearch('');
    setCategory('');
  };

  const lines = chosenLines(products ?? [], quantities);
  const { items, totalCents } = orderSummary(lines);

  const setQuantity = (productId: string, quantity: number) => {
    attemptKey.current = null;
    setNotice(null);
    setQuantities((current) => ({ ...current, [productId]: quantity }));
  };

  const clear = () => {
    attemptKey.current = null;
    setNotice(null);
    setQuantities({});
  };

  const review = () => {
    if (lines.length === 0) {
      setNotice(SELECT_ONE_PRODUCT);
      return;
    }
    setNotice(null);
    setAttemptError(null);
    setConfirming(true);
  };

  const confirm = async () => {
    if (sending.current) return;
    if (lines.length === 0) {
      // the catalogue refreshed under the open dialog and no chosen product is offered any more
      setConfirming(false);
      setNotice(SELECT_ONE_PRODUCT);
      return;
    }
    sending.current = true;
    attemptKey.current ??= newIdempotencyKey();
    try {
      const placed = await submitOrder({
        body: {
          product_orders: lines.map((line) => ({ product_id: line.product.product_id, quantity: line.quantity })),
          idempotency_key: attemptKey.current,
          po_number: poNumber,
          notes,
        },
      }).unwrap();
      attemptKey.current = null;
      setQuantities({});
      setPoNumber('');
      setNotes('');
      setReorderNoticeShown(false);
      setConfirming(false);
      // a credit hold takes the order but says so: the server's message names the reason
      setNotice(placed.order.on_hold && placed.message ? placed.message : ORDER_SUBMITTED);
    } catch (failure) {
      // what unwrap() throws
      const lost = isNetworkError(failure as CallFailure);
      setAttemptError(lost ? NO_ANSWER : failureMessage(failure, 'Error submitting order'));
    } finally {
      sending.current = false;
    }
  };

  const hasProducts = !!products && products.length > 0;
  return (
    <section className="order-products" aria-label="Products to order">
      <div className="order-products__catalogue">
        <p className="muted order-products__lead">
          Our current products and your dealer prices. Choose up to {MAX_QUANTITY} of each.
        </p>
        {reorderNotice && reorderNoticeShown && (
          <p className="order-products__reorder-notice" role="status">
            {reorderNotice}
          </p>
        )}
        {isLoading && (
          <p className="muted" role="status">
            Loading products…
          </p>
        )}
        {error && <Message text="Error fetching products" />}
        {products?.length === 0 && (
          <p className="order-products__empty muted">No products are available to order right now.</p>
        )}
        {/* the products' titles are h3: the level under the screen's h1 is this one */}
        <h2 className="visually-hidden">Products</h2>
        {hasProducts && (
          <search className="order-products__filters" aria-label="Find products">
            <InputField
              className="order-products__search"
              label="Search products"
              type="search"
              value={search}
              onChange={setSearch}
              placeholder="Name or SKU"
            />
            {categories.length > 0 && (
              <SelectInput
                className="order-products__category"
                label="Category"
                value={category}
                options={[
                  { value: '', label: 'All categories' },
                  ...categories.map((name) => ({ value: name, label: name })),
                ]}
                onChange={setCategory}
              />
            )}
            {isFiltering(filter) && (
              <Button variant="secondary" className="order-products__clear-filters" onClick={clearFilters}>
                Clear filters
              </Button>
            )}
          </search>
        )}
        {hasProducts && shown.length === 0 && (
          <p className="order-products__empty muted" role="status">
            No products match your search.
          </p>
        )}
        {shown.length > 0 && (
          <ul className="catalog-grid" aria-label="Products">
            {shown.map((product) => (
              <CatalogueProductCard key={product.product_id} product={product}>
                <QuantityControl
                  title={product.title}
                  quantity={quantities[product.product_id] ?? 0}
                  onChange={(quantity) => setQuantity(product.product_id, quantity)}
                />
              </CatalogueProductCard>
            ))}
          </ul>
        )}
      </div>
      {hasProducts && (
        <aside className="order-products__summary order-summary" aria-label="Order summary">
          <h3 className="order-summary__title">Order summary</h3>
          {lines.length === 0 ? (
            <p className="order-summary__none muted">No products selected yet.</p>
          ) : (
            <ul className="order-summary__lines">
              {lines.map((line) => (
                <li key={line.product.product_id}>
                  <span className="order-summary__name">
                    {line.product.title} × {line.quantity}
                  </span>
                  <span className="order-summary__amount">{formatCents(line.lineCents)}</span>
                </li>
              ))}
            </ul>
          )}
          <dl className="order-summary__totals" aria-live="polite">
            <div>
              <dt>Items</dt>
              <dd data-testid="order-items">{items}</dd>
            </div>
            <div className="order-summary__total">
              <dt>Total</dt>
              <dd data-testid="order-total">{formatCents(totalCents)}</dd>
            </div>
          </dl>
          <Button className="order-summary__submit" disabled={lines.length === 0} onClick={review}>
            Submit Order
          </Button>
          {lines.length > 0 && (
            <Button variant="secondary" className="order-summary__clear" onClick={clear}>
              Clear
            </Button>
          )}
          <Message text={notice} />
        </aside>
      )}
      <ConfirmOrderModal
        open={confirming}
        lines={lines}
        items={items}
        totalCents={totalCents}
        submitting={submitting}
        error={attemptError}
        poNumber={poNumber}
        notes={notes}
        onPoNumberChange={(value) => {
          attemptKey.current = null;
          setPoNumber(value);
        }}
        onNotesChange={(value) => {
          attemptKey.current = null;
          setNotes(value);
        }}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
