import { CUSTOM_LINE_PREFIX, centsToDollars, type Order, type OrderLineInput, type Product } from '@portal/contracts';
import type { z } from 'zod';
import { centsOf, invoiceTotals, typedCents } from './orderMoney';

/**
 * The lines of an invoice or a new order while the admin edits them: unit prices in cents, so the totals shown
 * are exact. A catalogue line keeps its product id (the server keeps the snapshot of title and price taken when
 * it was added); a custom line has an id starting with custom_ and the description and unit price typed.
 */
export interface DraftLine {
  product_id: string;
  title: string;
  description: string | null;
  quantity: number;
  priceCents: number;
  is_custom: boolean;
}

/** Default line quantity (000 §9). */
export const DEFAULT_QUANTITY = 1;
export const CUSTOM_ITEM_NEEDS = 'Please enter a description and a unit price for the custom item';

export function draftFromOrder(order: Pick<Order, 'product_details'>): DraftLine[] {
  return order.product_details.map((line) => ({
    product_id: line.product_id,
    title: line.title,
    description: line.description ?? null,
    quantity: line.quantity,
    priceCents: centsOf(line.price),
    is_custom: line.is_custom || line.product_id.startsWith(CUSTOM_LINE_PREFIX),
  }));
}

export function lineCents(line: Pick<DraftLine, 'quantity' | 'priceCents'>): number {
  return line.quantity * line.priceCents;
}

/** A typed quantity: a whole number of at least 1; anything else reverts to 1 (000 §5). */
export function typedQuantity(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return DEFAULT_QUANTITY;
  const value = Number.parseInt(trimmed, 10);
  return value >= 1 && value <= 100_000 ? value : DEFAULT_QUANTITY;
}

export function withQuantity(lines: readonly DraftLine[], productId: string, quantity: number): DraftLine[] {
  return lines.map((line) => (line.product_id === productId ? { ...line, quantity } : line));
}

export function withoutLine(lines: readonly DraftLine[], productId: string): DraftLine[] {
  return lines.filter((line) => line.product_id !== productId);
}

/** Adds a catalogue product; one already on the order takes the added quantity instead (one line per product). */
export function addCatalogueLine(
  lines: readonly DraftLine[],
  product: Pick<Product, 'product_id' | 'title' | 'description' | 'price'>,
  quantity: number,
): DraftLine[] {
  if (lines.some((line) => line.product_id === product.product_id)) {
    return lines.map((line) =>
      line.product_id === product.product_id ? { ...line, quantity: line.quantity + quantity } : line,
    );
  }
  return [
    ...lines,
    {
      product_id: product.product_id,
      title: product.title,
      description: product.description ?? null,
      quantity,
      priceCents: centsOf(product.price),
      is_custom: false,
    },
  ];
}

/** A new custom line's id: custom_ and a random part. */
export function customLineId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${CUSTOM_LINE_PREFIX}${random}`;
}

/**
 * A custom line from the typed description and unit price (min 0, at most 2 decimals), or the problem.
 */
export function customLine(
  description: string,
  priceText: string,
  quantity: number,
  id = customLineId(),
): DraftLine | { problem: string } {
  const text = description.trim();
  const priceCents = typedCents(priceText);
  if (!text || priceCents === null) return { problem: CUSTOM_ITEM_NEEDS };
  return { product_id: id, title: text, description: text, quantity, priceCents, is_custom: true };
}

export function draftTotals(lines: readonly DraftLine[], paidCents: number) {
  return invoiceTotals(lines.map(lineCents), paidCents);
}

/** The lines as the create-order and update-order bodies carry them (dollars at the JSON edge). */
export function linesPayload(lines: readonly DraftLine[]): z.input<typeof OrderLineInput>[] {
  return lines.map((line) => ({
    product_id: line.product_id,
    title: line.title,
    ...(line.description ? { description: line.description } : {}),
    quantity: line.quantity,
    price: centsToDollars(line.priceCents),
    is_custom: line.is_custom,
  }));
}

/** Whether the draft differs from the order's lines (what Update Invoice would change). */
export function linesChanged(order: Pick<Order, 'product_details'>, lines: readonly DraftLine[]): boolean {
  const before = draftFromOrder(order);
  return (
    before.length !== lines.length ||
    before.some((line, index) => {
      const now = lines[index];
      return !now || now.product_id !== line.product_id || now.quantity !== line.quantity;
    })
  );
}
