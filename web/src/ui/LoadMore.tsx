import { Button } from './Button';
import './load-more.css';

interface LoadMoreProps {
  /** rows loaded so far */
  shown: number;
  /** rows that match (the first page's `total`); undefined while unknown */
  total: number | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** what the rows are, plural: "shipments" */
  noun: string;
}

/**
 * The end of a paged card list or short list: how many of the matches are shown and a Load more button, present
 * while the server has further pages. The button stays enabled (and focused) while a page loads: a second press
 * then asks for nothing more.
 */
export function LoadMore({ shown, total, hasMore, loadingMore, onLoadMore, noun }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <span className="muted" aria-live="polite">
        {total === undefined ? `${shown} ${noun} shown` : `${shown} of ${total} ${noun} shown`}
      </span>
      <Button variant="secondary" onClick={onLoadMore}>
        {loadingMore ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
