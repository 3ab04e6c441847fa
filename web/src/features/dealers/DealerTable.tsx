import type { Dealer } from '@portal/contracts';
import { memo, useMemo } from 'react';
import { Link } from '../../app/navigation/Link';
import { sortableColumn } from '../../ui/SortableHeader';
import { PHONE_WIDTH_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { type VirtualColumn, VirtualTable } from '../../ui/VirtualTable';
import { dealerName, type SortColumn, type SortOrder } from './dealerFilters';
import { MapStatusBadge } from './MapStatusBadge';
import type { MapStatusStore } from './mapStatus';

const ROW_HEIGHT = 52;
/** on a phone a long name takes two lines (with the map badge under it for admins) */
const PHONE_ROW_HEIGHT = 56;
const PHONE_ROW_HEIGHT_WITH_BADGE = 72;
const VIEWPORT_HEIGHT = 560;
export const NO_MATCHES = 'No dealers match your current filters.';
export const LOADING_DEALERS = 'Loading dealers…';

export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (dealerId: string) => void;
  /** selects every listed dealer, or clears when all are selected */
  toggleAll: () => void;
}

interface DealerTableProps {
  dealers: readonly Dealer[];
  sort: SortOrder;
  onSort: (column: SortColumn) => void;
  onOpen?: (dealer: Dealer) => void;
  /** the dealer's own address: the name is then a link (opens in a new tab too) rather than a button */
  hrefFor?: (dealer: Dealer) => string;
  /** absent: a read-only table without checkboxes */
  selection?: RowSelection;
  /** the Map column (admins): each drawn row's map status; on phones a badge under the name instead */
  mapStatuses?: MapStatusStore;
  /** the columns whose header sorts (a list sorted by the server sorts by fewer); absent: every column */
  sortable?: readonly SortColumn[];
  /** the first page of a paged list is on its way: the table says so instead of "No dealers match" */
  loading?: boolean;
  /** a paged list: the rows in view reached the last loaded row */
  onEndReached?: () => void;
  /** changes with the filters and sort: the table goes back to its top */
  scrollKey?: string;
}

const SORTABLE: readonly {
  column: SortColumn;
  label: string;
  cell: (dealer: Dealer) => string;
  wide?: boolean;
  /** a long value wraps to two lines (a name is never cut to a few letters on a phone) */
  wrap?: boolean;
}[] = [
  { column: 'name', label: 'Name', cell: dealerName, wrap: true },
  { column: 'phone', label: 'Phone', cell: (dealer) => dealer.phone ?? '', wide: true },
  { column: 'city', label: 'City', cell: (dealer) => dealer.city ?? '', wrap: true },
  { column: 'state', label: 'State', cell: (dealer) => dealer.state ?? '' },
  { column: 'zone', label: 'Zone', cell: (dealer) => dealer.zone ?? '', wide: true },
];

/**
 * The dealers as a windowed table with sortable headers and, for admins, row checkboxes. Memoised: a render of
 * the screen around it that leaves the list as it was (a notice, the bulk bar, a modal opening) skips the table.
 */
export const DealerTable = memo(function DealerTable({
  dealers,
  sort,
  onSort,
  onOpen,
  hrefFor,
  selection,
  mapStatuses,
  sortable: sortableColumns,
  loading,
  onEndReached,
  scrollKey,
}: DealerTableProps) {
  const columns = useMemo(() => {
    const sortable = SORTABLE.map(({ column, label, cell, wide, wrap }): VirtualColumn<Dealer> => {
      const className = `dealer-table__${column}${wide ? ' dealer-table__wide' : ''}${wrap ? ' virtual-table__wrap' : ''}`;
      // the name opens the dealer: a button, so the row is reachable with Tab and opens with Enter too
      const text = (dealer: Dealer) =>
        column === 'name' && hrefFor ? (
          <Link
            to={hrefFor(dealer)}
            className="dealer-table__open"
            data-dealer-id={dealer.dealer_id}
            title={cell(dealer)}
            onClick={(event) => event.stopPropagation()}
          >
            {cell(dealer)}
          </Link>
        ) : column === 'name' && onOpen ? (
          <button
            type="button"
            className="dealer-table__open"
            data-dealer-id={dealer.dealer_id}
            title={cell(dealer)}
            onClick={(event) => {
              event.stopPropagation();
              onOpen(dealer);
            }}
          >
            {cell(dealer)}
          </button>
        ) : (
          <span title={cell(dealer)}>{cell(dealer)}</span>
        );
      const render =
        column === 'name' && mapStatuses
          ? (dealer: Dealer) => (
              <>
                <span className="dealer-table__name-text">{text(dealer)}</span>
                <MapStatusBadge dealerId={dealer.dealer_id} store={mapStatuses} className="dealer-table__phone-badge" />
              </>
            )
          : text;
      return !sortableColumns || sortableColumns.includes(column)
        ? sortableColumn<Dealer, SortColumn>({ column, label, className }, sort, onSort, render)
        : { id: column, header: label, className, cell: render };
    });
    if (mapStatuses)
      sortable.push({
        id: 'map',
        className: 'dealer-table__map',
        header: 'Map',
        cell: (dealer) => <MapStatusBadge dealerId={dealer.dealer_id} store={mapStatuses} />,
      });
    if (!selection) return sortable;
    const allSelected = dealers.length > 0 && dealers.every((dealer) => selection.selected.has(dealer.dealer_id));
    const check: VirtualColumn<Dealer> = {
      id: 'select',
      className: 'dealer-table__select',
      header: (
        <input type="checkbox" aria-label="Select all dealers" checked={allSelected} onChange={selection.toggleAll} />
      ),
      cell: (dealer) => (
        <input
          type="checkbox"
          aria-label={`Select ${dealerName(dealer)}`}
          checked={selection.selected.has(dealer.dealer_id)}
          onClick={(event) => event.stopPropagation()}
          onChange={() => selection.toggle(dealer.dealer_id)}
        />
      ),
    };
    return [check, ...sortable];
  }, [dealers, sort, onSort, onOpen, hrefFor, selection, mapStatuses, sortableColumns]);
  const phone = useMediaQuery(PHONE_WIDTH_QUERY);

  return (
    <VirtualTable
      label="Dealers"
      items={dealers}
      columns={columns}
      rowKey={(dealer) => dealer.dealer_id}
      rowHeight={phone ? (mapStatuses ? PHONE_ROW_HEIGHT_WITH_BADGE : PHONE_ROW_HEIGHT) : ROW_HEIGHT}
      viewportHeight={VIEWPORT_HEIGHT}
      onRowClick={onOpen}
      rowClassName={(dealer) => (selection?.selected.has(dealer.dealer_id) ? 'dealer-table__row--selected' : undefined)}
      empty={NO_MATCHES}
      loading={loading ? LOADING_DEALERS : undefined}
      onEndReached={onEndReached}
      scrollKey={scrollKey}
    />
  );
});
