import { MANUAL_COORDINATE_RANGE, type MapDealer } from '@portal/contracts';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { errorDetail, isNetworkError } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField, TextAreaField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { useGetDealersForMapQuery } from '../map-management/mapApi';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { useManualCoordinateOverrideMutation } from './consoleApi';
import { formatCoordinates, mapLinks, OVERRIDE_SEARCH_MIN, overrideReady, overrideSearch } from './consoleRules';

interface ManualOverrideTabProps {
  /** a dealer chosen with Manual Fix on the Diagnosis tab */
  preselected: string | null;
  onPreselectedUsed: () => void;
}

const R = MANUAL_COORDINATE_RANGE;

/** Manual Override: find a dealer (2+ characters, 10 results), then latitude, longitude and notes. */
export function ManualOverrideTab({ preselected, onPreselectedUsed }: ManualOverrideTabProps) {
  const { data: dealers = [], isLoading } = useGetDealersForMapQuery();
  const [search, setSearch] = useState('');
  const [dealer, setDealer] = useState<MapDealer | null>(null);
  const [lat, setLat] = useState('');
  const [lng, setLng] = useState('');
  const [notes, setNotes] = useState('');
  const [notice, showNotice] = useTimedNotice();
  const [override, { isLoading: saving }] = useManualCoordinateOverrideMutation();
  const ids = useId();

  const choose = useCallback((chosen: MapDealer) => {
    setDealer(chosen);
    setSearch('');
    setLat(chosen.coordinates ? String(chosen.coordinates.lat) : '');
    setLng(chosen.coordinates ? String(chosen.coordinates.lng) : '');
    setNotes('');
  }, []);

  useEffect(() => {
    if (!preselected || dealers.length === 0) return;
    const found = dealers.find((candidate) => candidate.dealer_id === preselected);
    if (found) choose(found);
    onPreselectedUsed();
  }, [preselected, dealers, onPreselectedUsed, choose]);

  const results = overrideSearch(dealers, search);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!dealer || !overrideReady(dealer.dealer_id, lat, lng)) {
      showNotice({ text: 'Please select a dealer and enter valid coordinates', tone: 'error' });
      return;
    }
    try {
      const answer = await override({
        params: { dealer_id: dealer.dealer_id },
        body: { lat: lat.trim(), lng: lng.trim(), notes: notes.trim() || undefined },
      }).unwrap();
      setDealer({ ...dealer, coordinates: answer.coordinates });
      showNotice({ text: 'Coordinates updated successfully!' });
    } catch (error) {
      showNotice({
        text: isNetworkError(error as never)
          ? 'Network error during coordinate update'
          : `Error: ${(errorDetail(error as never) ?? 'Failed to update coordinates').replace(/^error:\s*/i, '')}`,
        tone: 'error',
      });
    }
  };

  const address = dealer ? [dealer.address, dealer.city, dealer.state, dealer.zip_code].filter(Boolean).join(', ') : '';
  const links = mapLinks(address);

  return (
    <div className="geo-tab">
      <div className="field">
        <label htmlFor={`${ids}-search`}>Find a dealer</label>
        <input
          id={`${ids}-search`}
          type="search"
          value={search}
          placeholder="Business name, dealer ID or city (2+ characters)"
          onChange={(event) => setSearch(event.target.value)}
          aria-describedby={`${ids}-hint`}
        />
        <p id={`${ids}-hint`} className="field__hint">
          {isLoading
            ? 'Loading dealers…'
            : search.trim().length >= OVERRIDE_SEARCH_MIN
              ? `${results.length} match${results.length === 1 ? '' : 'es'}${results.length === 10 ? ' (first 10)' : ''}`
              : `Type at least ${OVERRIDE_SEARCH_MIN} characters.`}
        </p>
      </div>
      {results.length > 0 && (
        <ul className="geo-search-results" aria-label="Matching dealers">
          {results.map((found) => (
            <li key={found.dealer_id}>
              <button type="button" onClick={() => choose(found)}>
                <strong>{found.business_name ?? found.dealer_id}</strong>
                <span className="geo-muted">
                  {found.dealer_id} · {[found.city, found.state].filter(Boolean).join(', ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {dealer && (
        <form className="geo-override" onSubmit={submit}>
          <h3>{dealer.business_name ?? dealer.dealer_id}</h3>
          <p className="geo-muted">
            {address || 'No address'} · now{' '}
            {dealer.coordinates ? formatCoordinates(dealer.coordinates) : 'without coordinates'}
          </p>
          <div className="settings-grid">
            <InputField
              label={`Latitude (${R.minLat} to ${R.maxLat})`}
              value={lat}
              onChange={setLat}
              inputMode="decimal"
              placeholder="e.g. 30.26715"
            />
            <InputField
              label={`Longitude (${R.minLng.toFixed(1)} to ${R.maxLng})`}
              value={lng}
              onChange={setLng}
              inputMode="decimal"
              placeholder="e.g. -97.74306"
            />
            <TextAreaField label="Notes" value={notes} onChange={setNotes} className="field--wide" rows={2} />
          </div>
          <p className="geo-muted">
            Find the coordinates on{' '}
            <a href={links.maps} target="_blank" rel="noopener noreferrer">
              Google Maps
            </a>{' '}
            or{' '}
            <a href={links.openMap} target="_blank" rel="noopener noreferrer">
              OpenStreetMap
            </a>
            .
          </p>
          <div className="button-row">
            <Button
              type="submit"
              disabled={!overrideReady(dealer.dealer_id, lat, lng)}
              busy={saving}
              busyLabel="Updating..."
            >
              Update Coordinates
            </Button>
            <Button variant="secondary" onClick={() => setDealer(null)}>
              Choose Another Dealer
            </Button>
          </div>
        </form>
      )}
      <Message text={notice?.text} tone={notice?.tone} />
    </div>
  );
}
