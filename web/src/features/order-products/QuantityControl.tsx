import { useState } from 'react';
import { clampQuantity, MAX_QUANTITY, MIN_QUANTITY } from './orderQuantities';

/** what ArrowUp/ArrowDown and PageUp/PageDown add to the quantity, as a number field's steps */
const STEP_KEYS: Readonly<Record<string, number>> = { ArrowUp: 1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

interface QuantityControlProps {
  /** the product's title, which names the controls for screen readers and tests */
  title: string;
  quantity: number;
  onChange: (quantity: number) => void;
}

/**
 * − / number / + for one product. The field keeps what is typed while it has focus (a lone "-" or a blank) but
 * the order always counts the clamped whole number; over 100 shows 100 at once, and leaving the field shows the
 * counted number (-3 or junk → 0).
 */
export function QuantityControl({ title, quantity, onChange }: QuantityControlProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(quantity);

  const type = (text: string) => {
    const next = clampQuantity(text);
    onChange(next);
    setDraft(Number(text) > MAX_QUANTITY ? String(next) : text);
  };

  return (
    <div className="quantity">
      <button
        type="button"
        className="quantity__step"
        aria-label={`Decrease quantity of ${title}`}
        disabled={quantity <= MIN_QUANTITY}
        onClick={() => onChange(clampQuantity(quantity - 1))}
      >
        −
      </button>
      <input
        className="quantity__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        // a text field (it keeps a lone "-" while typing) that steps like a number field with the arrow keys
        role="spinbutton"
        aria-valuemin={MIN_QUANTITY}
        aria-valuemax={MAX_QUANTITY}
        aria-valuenow={quantity}
        aria-label={`Quantity of ${title}`}
        value={shown}
        onChange={(event) => type(event.target.value)}
        onFocus={(event) => event.target.select()}
        onBlur={() => setDraft(null)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setDraft(null);
          const step = STEP_KEYS[event.key];
          if (step === undefined) return;
          event.preventDefault();
          setDraft(null);
          onChange(clampQuantity(quantity + step));
        }}
      />
      <button
        type="button"
        className="quantity__step"
        aria-label={`Increase quantity of ${title}`}
        disabled={quantity >= MAX_QUANTITY}
        onClick={() => onChange(clampQuantity(quantity + 1))}
      >
        +
      </button>
    </div>
  );
}
