import { z } from 'zod';
import type { FilePart } from '../endpoint';
import { ProductStatus } from '../entities/catalog';
import { formMoney, optionalText, requiredText } from '../fields';

/** The text fields of the product form (multipart: price arrives as text). */
export const ProductFields = z.object({
  title: requiredText('Error: Please enter a title'),
  description: optionalText(5000),
  price: formMoney('Error: Please enter a valid price'),
  status: ProductStatus.default('active'),
});

const PRODUCT_IMAGE = {
  field: 'product_image',
  maxBytes: 10485760,
  kinds: ['jpeg', 'png', 'gif'],
  messages: {
    tooLarge: 'Error: File must be less than 10MB',
    wrongKind: 'Error: Please select a JPG, PNG or GIF image',
    missing: 'Error: Please select a product image',
  },
} as const;

/** Required on create, optional on update (absent keeps the current image). */
export const NewProductImage: FilePart = { ...PRODUCT_IMAGE, required: true };
export const ReplacementProductImage: FilePart = { ...PRODUCT_IMAGE, required: false };
