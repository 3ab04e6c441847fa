import type { PerformanceRecord } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { formatWholeDollars } from '../../format/money';
import { sortableColumn } from '../../ui/SortableHeader';
import { useDebounced } from '../../ui/useDebounced';
import { type VirtualColumn, VirtualTable } from '../../ui/VirtualTable';
import { dealerLocation, formatMetricValue } from './metrics';
import { useGetDealerPerformancePagesInfiniteQuery } from './performanceApi';
import {
  DEFAULT_PERFORMANCE_SORT,
  nextPerformanceSort,
  type PerformanceColumn,
  type PerformanceSort,
  performanceQuery,
} from './performanceTable';

const ROW_HEIGHT = 48;
const VIEWPORT_HEIGHT = 520;

const recordsOf = (page: { data: PerformanceRecord[] }) => page.data;

/** A column, sortable when the server orders by it (`column`; not the location). */
const COLUMNS: readonly {
  id: string;
  column?: PerformanceColumn;
  label: string;
  cell: (record: PerformanceRecord) => string;
  className: string;
}[] = [
  {
    id: 'dealer',
    column: 'dealer',
    label: 'Dealer',
    cell: (record) => record.dealer_name,
    className: 'performance-table__dealer virtual-table__wrap',
  },
  {
    id: 'location',
    label: 'Location',
    cell: (r) => dealerLocation(r) || '—',
    className: 'performance-table__place',
  },
  {
    id: 'revenue',
    column: 'revenue',
    label: 'Revenue',
    cell: (record) => formatWholeDollars(record.total_revenue),
    className: 'performance-table__figure',
  },
  {
    id: 'orders',
    column: 'orders',
    label: 'Orders',
    cell: (record) => formatMetricValue('orders', record.total_orders),
    className: 'performance-table__figure performance-table__count',
  },
  {
    id: 'items',
    column: 'items',
    label: 'Items Sold',
    cell: (record) => formatMetricValue('items', record.total_items),
    className: 'performance-table__figure performance-table__count',
  },
  {
    id: 'average',
    column: 'average',
    label: 'Avg Order',
    cell: (record) => formatWholeDollars(record.avg_order_value),
    className: 'performance-table__figure performance-table__average',
  },
];

/**
 * Performance Data: every active dealer's figures, 50 at a time as the table scrolls, searched by name or id and
 * sorted by any figure (revenue first) on the server.
 */
export function PerformanceDataPanel() {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<PerformanceSort>(DEFAULT_PERFORMANCE_SORT);
  const settled = useDebounced(search);
  const query = useMemo(() => performanceQuery(settled, sort), [settled, sort]);
  const result = useGetDealerPerformancePagesInfiniteQuery({ query }, { refetchOnMountOrArgChange: true });
  const { rows: records, total, loading, hasMore, loadMore } = usePagedRows(result, recordsOf);
  const columns = useMemo(
    () =>
      COLUMNS.map(({ id, column, label, className, cell }): VirtualColumn<PerformanceRecord> => {
        const shown = (record: PerformanceRecord) => <span title={cell(record)}>{cell(record)}</span>;
        if (!column) return { id, header: label, className, cell: shown };
        return sortableColumn<PerformanceRecord, PerformanceColumn>(
          { column, label, className },
          sort,
          (chosen) => setSort(nextPerformanceSort(sort, chosen)),
          shown,
        );
      }),
    [sort],
  );

  return (
    <div className="performance-data">
      <div className="performance-data__toolbar">
        <div className="field performance-data__search">
          <label htmlFor="performance-search">Search dealers</label>
          <input
            id="performance-search"
            type="search"
            placeholder="Business or contact name, or dealer id"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <p className="muted performance-data__count" aria-live="polite">
          {loading ? 'Loading performance…' : dealerCount(total ?? records.length, query.q !== '')}
        </p>
      </div>
      <VirtualTable
        label="Dealer performance"
        items={records}
        columns={columns}
        rowKey={(record) => record.dealer_id}
        rowHeight={ROW_HEIGHT}
        viewportHeight={VIEWPORT_HEIGHT}
        empty={query.q ? 'No dealers match your search.' : 'No dealers yet.'}
        loading={loading ? 'Loading performance…' : undefined}
        onEndReached={hasMore ? loadMore : undefined}
        scrollKey={JSON.stringify(query)}
      />
    </div>
  );
}

/** "1 dealer", "230 dealers"; "3 matching dealers" under a search. */
function dealerCount(count: number, searched: boolean): string {
  const noun = count === 1 ? 'dealer' : 'dealers';
  return `${count.toLocaleString('en-US')} ${searched ? `matching ${noun}` : noun}`;
}
