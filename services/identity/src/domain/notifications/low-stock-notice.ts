import type { PayloadOfType } from '@portal/contracts';
import type { Notice } from './notice-mail';

/** notify_low_inventory, to the admins: which product fell to its low-stock level, and how many are left. */
export function lowStockNotice(product: PayloadOfType<'product.stock_low'>, productsUrl: string): Notice {
  const name = product.sku ? `${product.title} (SKU ${product.sku})` : product.title;
  const left =
    product.available > 0
      ? `${product.available} ${product.available === 1 ? 'unit is' : 'units are'} available`
      : 'none is available: new orders are on backorder';
  return {
    subject: `Low stock: ${name}`,
    paragraphs: [`${name} is at or below its low-stock level of ${product.low_stock_threshold}: ${left}.`],
    link: { label: 'Open the products low on stock', url: productsUrl },
  };
}
