import type { Dealer } from '@portal/contracts';
import { memo, useMemo } from 'react';
import { sortableColumn } from '../../ui/SortableHeader';
import { type VirtualColumn, VirtualTable } from '../../ui/VirtualTable';
import { dealerName, type SortColumn, type SortOrder } from './dealerFilters';
import { MapStatusBadge } from './MapStatusBadge';
import type { MapStatusStore } from './mapStatus';

const ROW_HEIGHT = 52;
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

const SORTABLE: readonly { column: SortColumn; label: string; cell: (dealer: Dealer) => string; wide?: boolean }[] = [
  { column: 'name', label: 'Name', cell: dealerName },
  { column: 'phone', label: 'Phone', cell: (dealer) => dealer.phone ?? '', wide: true },
  { column: 'city', label: 'City', cell: (dealer) => dealer.city ?? '' },
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
  selection,
  mapStatuses,
  sortable: sortableColumns,
  loading,
  onEndReached,
  scrollKey,
}: DealerTableProps) {
  const columns = useMemo(() => {
    const sortable = SORTABLE.map(({ column, label, cell, wide }): VirtualColumn<Dealer> => {
      const className = `dealer-table__${column}${wide ? ' dealer-table__wide' : ''}`;
      const render =
        column === 'name' && mapStatuses
          ? (dealer: Dealer) => (
              <>
                <span className="dealer-table__name-text" title={cell(dealer)}>
                  {cell(dealer)}
                </span>
                <MapStatusBadge dealerId={dealer.dealer_id} store={mapStatuses} className="dealer-table__phone-badge" />
              </>
            )
          : (dealer: Dealer) => <span title={cell(dealer)}>{cell(dealer)}</span>;
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
  }, [dealers, sort, onSort, selection, mapStatuses, sortableColumns]);

  return (
    <VirtualTable
      label="Dealers"
      items={dealers}
      columns={columns}
      rowKey={(dealer) => dealer.dealer_id}
      rowHeight={ROW_HEIGHT}
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
