import {
  INVALID_PRICE,
  NewProductImage,
  type Product,
  ProductFields,
  type ProductStatus,
  ReplacementProductImage,
} from '@portal/contracts';
import { asError } from '../../../api/errorMessage';
import { chosenFileProblem } from '../../../ui/imageFile';
import { formProblem } from '../shared/notice';

/** The product form as typed: the price stays text until sent (multipart carries it as text). */
export interface ProductDraft {
  title: string;
  description: string;
  price: string;
  status: ProductStatus;
  sku: string;
  category: string;
  /** whole numbers as typed; blank: stock not tracked, no low-stock level */
  stock_on_hand: string;
  low_stock_threshold: string;
  /** the chosen image; on edit, null keeps the current one */
  image: File | null;
}

export type ProductFormMode = 'create' | 'edit';

export const EMPTY_PRODUCT: ProductDraft = {
  title: '',
  description: '',
  price: '',
  status: 'active',
  sku: '',
  category: '',
  stock_on_hand: '',
  low_stock_threshold: '',
  image: null,
};

export function draftOf(product: Product): ProductDraft {
  return {
    title: product.title,
    description: product.description ?? '',
    price: product.price.toFixed(2),
    status: product.status,
    sku: product.sku ?? '',
    category: product.category ?? '',
    stock_on_hand: product.stock_on_hand === null ? '' : String(product.stock_on_hand),
    low_stock_threshold: product.low_stock_threshold === null ? '' : String(product.low_stock_threshold),
    image: null,
  };
}

/** The image rule of the mode: required on create, optional on edit (000 §5), JPG, PNG or GIF, up to 10MB. */
export function imagePartOf(mode: ProductFormMode) {
  return mode === 'create' ? NewProductImage : ReplacementProductImage;
}

/** Why the chosen image would be refused, or undefined (shown as soon as a file is picked). */
export function productImageProblem(image: File | null, mode: ProductFormMode): string | undefined {
  const part = imagePartOf(mode);
  if (!image) return part.required ? asError(part.messages.missing ?? 'Please select a product image') : undefined;
  return chosenFileProblem(image, part);
}

/**
 * Whether the price reads as dollars the catalog takes (000 §5: min 0, step 0.01): a plain decimal with at most
 * two decimals once trailing zeros are dropped ('19.99', '5', '12.340'); the catalog checks it again.
 */
export function isPriceText(price: string): boolean {
  const match = /^(\d*)(?:\.(\d*))?$/.exec(price.trim());
  return !!match && /\d/.test(price) && (match[2] ?? '').replace(/0+$/, '').length <= 2;
}

/** The first problem of the form, checked with the contract's own rules and messages; null when it may be sent. */
export function productFormProblem(draft: ProductDraft, mode: ProductFormMode): string | null {
  const { image, ...fields } = draft;
  const problem = formProblem(ProductFields, fields);
  if (problem) return problem;
  if (!isPriceText(fields.price)) return INVALID_PRICE;
  return productImageProblem(image, mode) ?? null;
}

/**
 * The multipart body of create and update: the text fields (SKU, category and stock too, blank clears them), and
 * `product_image` only when one was chosen. On edit, `opened` is the form as it opened: stock on hand is sent only
 * when the admin changed it, so a shipment that took stock while the form was open is not overwritten by the
 * figure the form showed (the catalog keeps what it has when the field is absent).
 */
export function productFormData(draft: ProductDraft, opened?: ProductDraft): FormData {
  const form = new FormData();
  form.set('title', draft.title.trim());
  form.set('description', draft.description.trim());
  form.set('price', draft.price.trim());
  form.set('status', draft.status);
  // sent blank to clear: the catalog keeps a blank SKU or category as none
  form.set('sku', draft.sku.trim());
  form.set('category', draft.category.trim());
  // blank stops tracking the stock (or clears the level)
  if (!opened || opened.stock_on_hand.trim() !== draft.stock_on_hand.trim()) {
    form.set('stock_on_hand', draft.stock_on_hand.trim());
  }
  form.set('low_stock_threshold', draft.low_stock_threshold.trim());
  if (draft.image) form.set('product_image', draft.image);
  return form;
}

/** 000 §8: the success text of a save; an update that replaced the image says so. */
export function productSavedMessage(mode: ProductFormMode, imageUpdated = false): string {
  if (mode === 'create') return 'Product created successfully!';
  return imageUpdated ? 'Product updated successfully! Image replaced.' : 'Product updated successfully!';
}

/** 000 §8: the fallback when a save fails without the server's detail. */
export function productSaveFallback(mode: ProductFormMode): string {
  return mode === 'create' ? 'Failed to create product' : 'Failed to update product';
}
