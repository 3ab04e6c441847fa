import type { DealerProduct } from '@portal/contracts';

/** What a dealer narrows Order Products by: text in the title or SKU, and one category ('' for any). */
export interface ProductFilter {
  q: string;
  category: string;
}

export const NO_PRODUCT_FILTER: ProductFilter = { q: '', category: '' };

export const isFiltering = (filter: ProductFilter) => filter.q.trim() !== '' || filter.category !== '';

/**
 * The products the filter lets through, in their order. Filtered here, not by the catalog: the screen already
 * holds the whole active catalogue (one unpaged request, hundreds of products at most), so narrowing it costs
 * nothing, answers on every keystroke and keeps the quantities typed for products filtered out of view.
 */
export function filterProducts<P extends Pick<DealerProduct, 'title' | 'sku' | 'category'>>(
  products: readonly P[],
  filter: ProductFilter,
): P[] {
  const text = filter.q.trim().toLocaleLowerCase();
  return products.filter(
    (product) =>
      (filter.category === '' || product.category === filter.category) &&
      (text === '' ||
        product.title.toLocaleLowerCase().includes(text) ||
        (product.sku?.toLocaleLowerCase().includes(text) ?? false)),
  );
}
