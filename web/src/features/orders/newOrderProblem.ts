/**
 * Where New Order's one message ('Please select a dealer and add at least one product') belongs while the order
 * cannot be created: beside the dealer picker when no dealer is chosen, else beside the items when there is none;
 * null once both are there, so the message goes away as soon as the condition is met.
 */
export function newOrderProblemField(hasDealer: boolean, lineCount: number): 'dealer' | 'lines' | null {
  if (!hasDealer) return 'dealer';
  return lineCount === 0 ? 'lines' : null;
}
