import type { PerformanceRecord } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { formatWholeDollars } from '../../format/money';
import { sortableColumn } from '../../ui/SortableHeader';
import { VirtualTable } from '../../ui/VirtualTable';
import { dealerLocation, formatMetricValue } from './metrics';
import { useGetDealerPerformanceQuery } from './performanceApi';
import {
  DEFAULT_PERFORMANCE_SORT,
  nextPerformanceSort,
  type PerformanceColumn,
  type PerformanceSort,
  searchPerformance,
  sortPerformance,
} from './performanceTable';

const ROW_HEIGHT = 48;
const VIEWPORT_HEIGHT = 520;
const EMPTY: readonly PerformanceRecord[] = [];

const COLUMNS: readonly {
  column: PerformanceColumn;
  label: string;
  cell: (record: PerformanceRecord) => string;
  className: string;
}[] = [
  { column: 'dealer', label: 'Dealer', cell: (record) => record.dealer_name, className: 'performance-table__dealer' },
  {
    column: 'location',
    label: 'Location',
    cell: (r) => dealerLocation(r) || '—',
    className: 'performance-table__place',
  },
  {
    column: 'revenue',
    label: 'Revenue',
    cell: (record) => formatWholeDollars(record.total_revenue),
    className: 'performance-table__figure',
  },
  {
    column: 'orders',
    label: 'Orders',
    cell: (record) => formatMetricValue('orders', record.total_orders),
    className: 'performance-table__figure performance-table__count',
  },
  {
    column: 'items',
    label: 'Items Sold',
    cell: (record) => formatMetricValue('items', record.total_items),
    className: 'performance-table__figure performance-table__count',
  },
  {
    column: 'average',
    label: 'Avg Order',
    cell: (record) => formatWholeDollars(record.avg_order_value),
    className: 'performance-table__figure performance-table__average',
  },
];

/** Performance Data: every active dealer's figures, searchable, sorted by any column (revenue first). */
export function PerformanceDataPanel() {
  const { data, isLoading } = useGetDealerPerformanceQuery(undefined, { refetchOnMountOrArgChange: true });
  const records = data ?? EMPTY;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<PerformanceSort>(DEFAULT_PERFORMANCE_SORT);
  const sorted = useMemo(() => sortPerformance(records, sort), [records, sort]);
  const shown = useMemo(() => searchPerformance(sorted, search), [sorted, search]);
  const columns = useMemo(
    () =>
      COLUMNS.map((head) =>
        sortableColumn<PerformanceRecord, PerformanceColumn>(
          head,
          sort,
          (column) => setSort(nextPerformanceSort(sort, column)),
          (record) => <span title={head.cell(record)}>{head.cell(record)}</span>,
        ),
      ),
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
            placeholder="Name, city or state"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <p className="muted performance-data__count" aria-live="polite">
          {isLoading ? 'Loading performance…' : `Showing ${shown.length} of ${records.length} dealers`}
        </p>
      </div>
      <VirtualTable
        label="Dealer performance"
        items={shown}
        columns={columns}
        rowKey={(record) => record.dealer_id}
        rowHeight={ROW_HEIGHT}
        viewportHeight={VIEWPORT_HEIGHT}
        empty={records.length === 0 ? 'No dealers yet.' : 'No dealers match your search.'}
      />
    </div>
  );
}
