/**
 * The distinct categories a list of items (pictures, products) uses, sorted, none blank: the suggestions of a
 * category field and the choices of a category filter.
 */
export function knownCategories(items: readonly { category: string | null }[]): string[] {
  const names = new Set(items.map((item) => item.category?.trim()).filter((name): name is string => !!name));
  return [...names].sort((a, b) => a.localeCompare(b));
}
