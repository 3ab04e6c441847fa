import { useState } from 'react';
import { failureMessage } from '../../api/errorMessage';
import { countOf } from '../../format/count';
import { Button } from '../../ui/Button';
import { useBulkUpdateZoneMutation } from './dealersApi';

interface BulkBarProps {
  selected: readonly string[];
  zones: readonly string[];
  onClear: () => void;
  onDeleteSelected: () => void;
  onResult: (message: string) => void;
}

/** Shown while dealers are selected: count, zone change, delete and clear. */
export function BulkBar({ selected, zones, onClear, onDeleteSelected, onResult }: BulkBarProps) {
  const [zone, setZone] = useState('');
  const [update, { isLoading }] = useBulkUpdateZoneMutation();

  async function updateZone() {
    if (!zone || selected.length === 0) return onResult('Error: Please select a zone and dealers');
    try {
      const result = await update({ body: { dealer_ids: [...selected], zone } }).unwrap();
      onResult(
        result.message ?? `Updated the zone of ${countOf(result.updated_count, 'dealer', 'dealers')} to ${zone}`,
      );
      onClear();
    } catch (error) {
      onResult(failureMessage(error, 'Failed to update dealer zones'));
    }
  }

  return (
    <section className="bulk-bar" aria-label="Selected dealers">
      <strong className="bulk-bar__count">{selected.length} selected</strong>
      <label className="visually-hidden" htmlFor="bulk-zone">
        Change Zone
      </label>
      <select id="bulk-zone" value={zone} onChange={(event) => setZone(event.target.value)}>
        <option value="">Change Zone…</option>
        {zones.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <Button busy={isLoading} busyLabel="Updating..." onClick={updateZone}>
        Update Zone
      </Button>
      <Button variant="danger" onClick={onDeleteSelected}>
        Delete Selected
      </Button>
      <Button variant="secondary" onClick={onClear}>
        Clear Selection
      </Button>
    </section>
  );
}
