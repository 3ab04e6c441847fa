import { categoryIdOf, DEFAULT_CATEGORY_ID, DEFAULT_ICON_SIZE, type MapCategory } from '@portal/contracts';

export type CategoryChange = { categories: MapCategory[] } | { error: string };

/** 001 §5: a non-empty name; the id is the name in lower case with underscores; ids are unique. */
export function addCategory(
  categories: readonly MapCategory[],
  input: { name: string; color: string; icon: string | null; iconSize?: number },
): CategoryChange {
  const name = input.name.trim();
  const id = categoryIdOf(name);
  if (!name || !id) return { error: 'Error: Category name is required' };
  if (categories.some((category) => category.id === id)) return { error: 'Error: Category already exists' };
  return {
    categories: [
      ...categories,
      { id, name, color: input.color, icon: input.icon, iconSize: clampIconSize(input.iconSize ?? DEFAULT_ICON_SIZE) },
    ],
  };
}

/** Changes a category's colour, icon or icon size (its id and name stay). */
export function updateCategory(
  categories: readonly MapCategory[],
  id: string,
  change: Partial<Pick<MapCategory, 'color' | 'icon' | 'iconSize'>>,
): MapCategory[] {
  return categories.map((category) =>
    category.id === id
      ? { ...category, ...change, iconSize: clampIconSize(change.iconSize ?? category.iconSize) }
      : category,
  );
}

/** The default dealer category cannot be deleted; another one's dealers become dealer when it is saved. */
export function deleteCategory(categories: readonly MapCategory[], id: string): CategoryChange {
  if (id === DEFAULT_CATEGORY_ID) return { error: 'Cannot delete the default Dealer category' };
  return { categories: categories.filter((category) => category.id !== id) };
}

/** 001 §9: icon size 5 to 50 percent. */
export function clampIconSize(value: number): number {
  return Number.isFinite(value) ? Math.min(50, Math.max(5, Math.round(value))) : DEFAULT_ICON_SIZE;
}

/** Dealers of a category (what deleting it moves to dealer). */
export function dealersIn(dealers: readonly { category: string }[], id: string): number {
  return dealers.reduce((count, dealer) => count + (dealer.category === id ? 1 : 0), 0);
}
