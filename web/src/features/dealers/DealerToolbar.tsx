import { SelectInput } from '../../ui/FormField';
import type { DealerFilters } from './dealerFilters';

interface DealerToolbarProps {
  filters: DealerFilters;
  onChange: (filters: DealerFilters) => void;
  states: readonly string[];
  zones: readonly string[];
}

/** Search, state filter and zone filter of the dealer lists. */
export function DealerToolbar({ filters, onChange, states, zones }: DealerToolbarProps) {
  return (
    <div className="dealer-toolbar">
      <div className="field dealer-toolbar__search">
        <label htmlFor="dealer-search">Search</label>
        <input
          id="dealer-search"
          type="search"
          placeholder="Business or contact name, email, city, state or phone"
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.target.value })}
        />
      </div>
      <SelectInput
        label="State"
        value={filters.state}
        options={[{ value: '', label: 'All States' }, ...states.map((state) => ({ value: state, label: state }))]}
        onChange={(state) => onChange({ ...filters, state })}
      />
      <SelectInput
        label="Zone"
        value={filters.zone}
        options={[{ value: '', label: 'All Zones' }, ...zones.map((zone) => ({ value: zone, label: zone }))]}
        onChange={(zone) => onChange({ ...filters, zone })}
      />
    </div>
  );
}
