import { PRODUCT_CATEGORY_MAX, PRODUCT_SKU_MAX, type Product } from '@portal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { failureMessage } from '../../../api/errorMessage';
import { knownCategories } from '../../../format/categories';
import { InputField, SelectInput, TextAreaField } from '../../../ui/FormField';
import { FormModalFooter } from '../../../ui/FormModalFooter';
import { ImageFileField } from '../../../ui/ImageFileField';
import { acceptedTypes } from '../../../ui/imageFile';
import { Message } from '../../../ui/Message';
import { Modal } from '../../../ui/Modal';
import { useCreateProductMutation, useGetProductsQuery, useUpdateProductMutation } from '../../products/catalogApi';
import { productPreviewUrl } from '../../products/productImage';
import { PRODUCT_STATUS_INFO, PRODUCT_STATUS_OPTIONS } from '../../products/productStatus';
import {
  draftOf,
  EMPTY_PRODUCT,
  imagePartOf,
  type ProductDraft,
  productFormData,
  productFormProblem,
  productImageProblem,
  productSavedMessage,
  productSaveFallback,
} from './productForm';

interface ProductFormModalProps {
  /** the product being edited, or null to create one */
  product: Product | null;
  onClose: () => void;
  /** after a save, with the spec's success text */
  onSaved: (message: string) => void;
}

/**
 * Create or edit a product: title, description, price, status, SKU, category, stock and image (with a preview). On create the image is
 * required; on edit it is optional and a new one replaces the current one. Mount it with a `key` per product so
 * the form starts from that product.
 */
export function ProductFormModal({ product, onClose, onSaved }: ProductFormModalProps) {
  const mode = product ? 'edit' : 'create';
  const formId = useId();
  const categoriesId = useId();
  // the categories already in use, offered as the admin types one (the list is cached by Manage Products)
  const { data: products } = useGetProductsQuery();
  const [opened] = useState<ProductDraft | undefined>(() => (product ? draftOf(product) : undefined));
  const [draft, setDraft] = useState<ProductDraft>(opened ?? EMPTY_PRODUCT);
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const saving = creating.isLoading || updating.isLoading;
  const set =
    <K extends keyof ProductDraft>(key: K) =>
    (value: ProductDraft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));

  function chooseImage(image: File | null) {
    set('image')(image);
    setProblem((image && productImageProblem(image, mode)) || null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = productFormProblem(draft, mode);
    setProblem(found);
    if (found) return;
    const body = productFormData(draft, opened);
    try {
      if (product) {
        const reply = await update({ params: { product_id: product.product_id }, body }).unwrap();
        onSaved(productSavedMessage('edit', reply.image_updated));
      } else {
        await create({ body }).unwrap();
        onSaved(productSavedMessage('create'));
      }
    } catch (error) {
      setProblem(failureMessage(error, productSaveFallback(mode)));
    }
  }

  const part = imagePartOf(mode);
  return (
    <Modal
      open
      title={product ? 'Edit Product' : 'Add Product'}
      onClose={onClose}
      footer={
        <FormModalFooter
          formId={formId}
          submitLabel={product ? 'Save Changes' : 'Create Product'}
          busy={saving}
          busyLabel="Saving..."
          onCancel={onClose}
        />
      }
    >
      <form id={formId} className="product-form" onSubmit={onSubmit} noValidate>
        <InputField label="Title" value={draft.title} onChange={set('title')} required maxLength={200} />
        <TextAreaField label="Description" value={draft.description} onChange={set('description')} rows={3} />
        <div className="product-form__pair">
          <InputField
            label="Price ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={draft.price}
            onChange={set('price')}
            required
          />
          <SelectInput
            label="Status"
            value={draft.status}
            options={PRODUCT_STATUS_OPTIONS}
            onChange={(value) => set('status')(value as ProductDraft['status'])}
            required
          />
        </div>
        <p className="field__hint product-form__status-hint">{PRODUCT_STATUS_INFO[draft.status].meaning}.</p>
        <div className="product-form__pair">
          <InputField
            label="SKU"
            value={draft.sku}
            onChange={set('sku')}
            maxLength={PRODUCT_SKU_MAX}
            autoComplete="off"
            hint="Optional; unique among products."
          />
          <InputField
            label="Category"
            value={draft.category}
            onChange={set('category')}
            maxLength={PRODUCT_CATEGORY_MAX}
            list={categoriesId}
            hint="Optional; dealers filter by it."
          />
        </div>
        <div className="product-form__pair">
          <UnitCountField
            label="Stock on hand"
            value={draft.stock_on_hand}
            onChange={set('stock_on_hand')}
            hint="Optional; leave empty not to track stock."
          />
          <UnitCountField
            label="Low-stock level"
            value={draft.low_stock_threshold}
            onChange={set('low_stock_threshold')}
            hint="Optional; at or below it, admins are told and dealers see Low stock."
          />
        </div>
        <ImageFileField
          label="Product Image"
          accept={acceptedTypes(part)}
          file={draft.image}
          currentSrc={product ? productPreviewUrl(product) : null}
          onChange={chooseImage}
          required={part.required}
          hint={
            product
              ? 'JPG, PNG or GIF, up to 10MB. Leave empty to keep the current image.'
              : 'JPG, PNG or GIF, up to 10MB.'
          }
        />
        <datalist id={categoriesId}>
          {knownCategories(products ?? []).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Message text={problem} reveal />
      </form>
    </Modal>
  );
}

/** An optional count of units as typed (stock on hand, a low-stock level): a whole number, none below zero. */
function UnitCountField(props: { label: string; value: string; onChange: (value: string) => void; hint: string }) {
  return <InputField {...props} type="number" inputMode="numeric" min={0} step={1} />;
}
