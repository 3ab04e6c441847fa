import { countOf, listNames } from '../../format/count';

/**
 * The selection of the bulk bar, limited to the rows the list shows: a filter that hides a selected dealer drops
 * it from the selection, so Update Zone and Delete Selected never act on dealers the admin cannot see. Answers
 * the same set when nothing is dropped (no re-render).
 */
export function keepShown(selected: ReadonlySet<string>, shownIds: Iterable<string>): ReadonlySet<string> {
  if (selected.size === 0) return selected;
  const shown = new Set(shownIds);
  const kept = [...selected].filter((id) => shown.has(id));
  return kept.length === selected.size ? selected : new Set(kept);
}

/** How many names a confirmation lists before it counts the rest ("and 12 more"). */
export const NAMES_LISTED = 5;

/** Delete Selected's question: "Delete 3 dealers: A, B, C?", "Delete 17 dealers: A, B, C, D, E and 12 more?". */
export function bulkDeleteQuestion(names: readonly string[]): string {
  return `Delete ${countOf(names.length, 'dealer', 'dealers')}: ${listNames(names, NAMES_LISTED)}?`;
}
