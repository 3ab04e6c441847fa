import type { AddressTestResult } from '@portal/contracts';
import { type FormEvent, useState } from 'react';
import { isNetworkError } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { StateSelect } from '../../ui/StateSelect';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { useTestAddressGeocodingMutation } from './consoleApi';
import { type AddressTestEntry, formatCoordinates, rememberTest, type TestedAddress } from './consoleRules';

const EMPTY: TestedAddress = { address: '', city: '', state: '', zip_code: '' };

/** Address Tester: street, city, state and ZIP; Test Geocoding, Clear, and the last 5 tests with Retest. */
export function AddressTesterTab() {
  const [form, setForm] = useState<TestedAddress>(EMPTY);
  const [history, setHistory] = useState<AddressTestEntry<AddressTestResult>[]>([]);
  const [notice, showNotice] = useTimedNotice();
  const [test, { isLoading }] = useTestAddressGeocodingMutation();
  const set = (key: keyof TestedAddress) => (value: string) => setForm((now) => ({ ...now, [key]: value }));

  const run = async (input: TestedAddress) => {
    if (!input.address.trim() || !input.city.trim() || !input.state.trim()) {
      showNotice({ text: 'Please fill in at least address, city, and state', tone: 'error' });
      return;
    }
    try {
      const answer = await test({ body: input }).unwrap();
      setHistory((now) => rememberTest(now, { input, result: answer, at: new Date().toISOString() }));
    } catch (error) {
      // 001 §8: a network failure says so; a non-success answer shows nothing
      if (isNetworkError(error as never)) showNotice({ text: 'Network error during test' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(form);
  };

  const latest = history[0];

  return (
    <div className="geo-tab">
      {/* noValidate: the empty-form check is ours ('Please fill in at least…'), not the browser's bubble */}
      <form className="settings-form" onSubmit={submit} noValidate>
        <div className="settings-grid">
          <InputField
            label="Street address"
            value={form.address}
            onChange={set('address')}
            required
            className="field--wide"
          />
          <InputField label="City" value={form.city} onChange={set('city')} required />
          <StateSelect value={form.state} onChange={set('state')} required />
          <InputField label="ZIP code" value={form.zip_code} onChange={set('zip_code')} inputMode="numeric" />
        </div>
        <div className="button-row">
          <Button type="submit" busy={isLoading} busyLabel="Testing...">
            Test Geocoding
          </Button>
          <Button variant="secondary" onClick={() => setForm(EMPTY)}>
            Clear
          </Button>
        </div>
      </form>
      <Message text={notice?.text} tone={notice?.tone} />

      {latest && <TestResult entry={latest} />}

      {history.length > 0 && (
        <section aria-labelledby="geo-recent-tests">
          <h3 id="geo-recent-tests">Recent tests</h3>
          <ul className="geo-cards-list">
            {history.map((entry) => (
              <li key={`${entry.at}-${entry.input.address}`} className="geo-dealer-card">
                <strong>
                  {entry.input.address}, {entry.input.city}, {entry.input.state} {entry.input.zip_code}
                </strong>
                <span className="geo-muted">{summaryOf(entry.result)}</span>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setForm(entry.input);
                    void run(entry.input);
                  }}
                  disabled={isLoading}
                >
                  Retest
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The geocoder's answer as a word: ok reads Found, error Not found (any other value as it came). */
function resultWord(status: string): string {
  if (status === 'ok') return 'Found';
  if (status === 'error') return 'Not found';
  return status;
}

function summaryOf(result: AddressTestResult): string {
  const found = result.geocoding_result.coordinates;
  if (!found) return `${resultWord(result.geocoding_result.status)}: ${result.geocoding_result.error ?? 'not found'}`;
  return `${formatCoordinates(found)} · ${found.source} · ${found.confidence.replace(/_/g, ' ')}`;
}

function TestResult({ entry }: { entry: AddressTestEntry<AddressTestResult> }) {
  const { geocoding_result: result } = entry.result;
  const found = result.coordinates;
  return (
    <section className="geo-result" aria-live="polite" aria-labelledby="geo-test-result">
      <h3 id="geo-test-result">Result: {resultWord(result.status)}</h3>
      {found ? (
        <dl className="geo-facts">
          <div>
            <dt>Latitude</dt>
            <dd className="geo-mono">{found.lat.toFixed(6)}</dd>
          </div>
          <div>
            <dt>Longitude</dt>
            <dd className="geo-mono">{found.lng.toFixed(6)}</dd>
          </div>
          <div>
            <dt>Source</dt>
            <dd>{found.source}</dd>
          </div>
          <div>
            <dt>Confidence</dt>
            <dd>{found.confidence.replace(/_/g, ' ')}</dd>
          </div>
          <div className="geo-facts__wide">
            <dt>Matched address</dt>
            <dd>{found.matched_address ?? '—'}</dd>
          </div>
        </dl>
      ) : (
        <p>{result.error ?? 'No coordinates found for this address.'}</p>
      )}
    </section>
  );
}
