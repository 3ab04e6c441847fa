import type { Product } from '@portal/contracts';
import { useState } from 'react';
import { formatPrice } from '../../format/money';
import { Button } from '../../ui/Button';
import { InputField, SelectInput } from '../../ui/FormField';
import { customLine, type DraftLine, typedQuantity } from './invoiceDraft';

interface AddItemFormProps {
  /** the admin's catalogue: every product but inactive ones (admin_only included, 000 §4) */
  products: readonly Product[];
  onAddProduct: (product: Product, quantity: number) => void;
  onAddCustom: (line: DraftLine) => void;
}

const CHOOSE_PRODUCT = 'Please choose a product to add';

/** Add Item: a catalogue product with a quantity, or a custom line (description and unit price). */
export function AddItemForm({ products, onAddProduct, onAddCustom }: AddItemFormProps) {
  const [productId, setProductId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [customQuantity, setCustomQuantity] = useState('1');
  // which Add was pressed without what it needs: its message shows beside the field, and only while it is missing
  const [triedProduct, setTriedProduct] = useState(false);
  const [triedCustom, setTriedCustom] = useState(false);
  const orderable = products.filter((product) => product.status !== 'inactive');
  const chosenProduct = orderable.find((item) => item.product_id === productId);
  const custom = customLine(description, price, typedQuantity(customQuantity));
  const productProblem = triedProduct && !chosenProduct ? CHOOSE_PRODUCT : undefined;
  const customProblem = triedCustom && 'problem' in custom ? custom.problem : undefined;
  // the custom line's one message goes beside the first of its two fields that is not right
  const customProblemAt = customProblem ? (description.trim() ? 'price' : 'description') : null;

  function addProduct() {
    setTriedProduct(true);
    if (!chosenProduct) return;
    onAddProduct(chosenProduct, typedQuantity(quantity));
    setTriedProduct(false);
    setProductId('');
    setQuantity('1');
  }

  function addCustom() {
    setTriedCustom(true);
    if ('problem' in custom) return;
    onAddCustom(custom);
    setTriedCustom(false);
    setDescription('');
    setPrice('');
    setCustomQuantity('1');
  }

  return (
    <fieldset className="add-item">
      <legend>Add Item</legend>
      <div className="add-item__row">
        <SelectInput
          className="add-item__grow"
          label="Product"
          value={productId}
          onChange={setProductId}
          error={productProblem}
          options={[
            { value: '', label: 'Select a product' },
            ...orderable.map((product) => ({
              value: product.product_id,
              label: `${product.title} — ${formatPrice(product.price)}${product.status === 'admin_only' ? ' (admin only)' : ''}`,
            })),
          ]}
        />
        <InputField
          className="add-item__quantity"
          label="Quantity"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={quantity}
          onChange={setQuantity}
        />
        <Button variant="secondary" onClick={addProduct}>
          Add Product
        </Button>
      </div>
      <div className="add-item__row">
        <InputField
          className="add-item__grow"
          label="Custom item description"
          value={description}
          maxLength={200}
          onChange={setDescription}
          error={customProblemAt === 'description' ? customProblem : undefined}
        />
        <InputField
          className="add-item__price"
          label="Unit price ($)"
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={price}
          onChange={setPrice}
          error={customProblemAt === 'price' ? customProblem : undefined}
        />
        <InputField
          className="add-item__quantity"
          label="Qty"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={customQuantity}
          onChange={setCustomQuantity}
        />
        <Button variant="secondary" onClick={addCustom}>
          Add Custom Item
        </Button>
      </div>
    </fieldset>
  );
}

interface QuantityInputProps {
  line: DraftLine;
  onChange: (quantity: number) => void;
}

/**
 * A line's quantity while items may be edited: a whole number of at least 1 counts as typed; anything else
 * reverts to 1 when the field is left or Enter is pressed (000 §5).
 */
export function QuantityInput({ line, onChange }: QuantityInputProps) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    onChange(typedQuantity(text));
    setText(null);
  };
  return (
    <input
      className="invoice__quantity"
      type="number"
      min={1}
      step={1}
      inputMode="numeric"
      aria-label={`Quantity of ${line.title}`}
      value={text ?? String(line.quantity)}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        // a valid number counts at once (the totals follow); a blank or invalid one reverts to 1 on leaving
        if (/^\d+$/.test(typed.trim()) && Number(typed) >= 1) onChange(typedQuantity(typed));
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
    />
  );
}
