import type { ProductStatus } from '@portal/contracts';

/** How each product status reads on a badge and in the status select, and what it means for dealers (000 §4). */
export const PRODUCT_STATUS_INFO: Record<ProductStatus, { label: string; badge: string; meaning: string }> = {
  active: { label: 'Active', badge: 'badge--ok', meaning: 'Visible to dealers, who can order it' },
  inactive: { label: 'Inactive', badge: 'badge--off', meaning: 'Hidden from dealers; cannot be ordered' },
  admin_only: {
    label: 'Admin Only',
    badge: 'badge--admin',
    meaning: 'Hidden from dealers; admins can add it to orders',
  },
};

export const PRODUCT_STATUS_OPTIONS = (Object.keys(PRODUCT_STATUS_INFO) as ProductStatus[]).map((status) => ({
  value: status,
  label: PRODUCT_STATUS_INFO[status].label,
}));
