import { useCallback, useId, useMemo, useState } from 'react';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { DealerLocator } from '../locator/DealerLocator';
import { dealerPosition, insideUsBounds } from '../locator/geo';
import { ADMIN_FIT_PADDING, evenPadding, FIT_MAX_ZOOM } from '../locator/mapView';
import { CUSTOM_MARKER_PX, type MarkerSize } from '../locator/markers';
import { loadFailureText } from '../settings/shared/notice';
import { SettingsCard } from '../settings/shared/SettingsCard';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { EmbedCodeSection } from './EmbedCodeSection';
import {
  GOOGLE_RANGES,
  type GoogleMapSettings,
  loadGoogleMapSettings,
  locatorConfigOfGoogle,
  saveGoogleMapSettings,
  withCustomMarker,
  withoutCustomMarker,
} from './googleMapSettings';
import { useGetDealersForMapQuery, useGetMapSettingsQuery } from './mapApi';
import { CheckField, ColorField, RangeField } from './SettingFields';
import { useMarkerUpload } from './useMarkerUpload';
import './map-management.css';

const ADMIN_PADDING = evenPadding(ADMIN_FIT_PADDING);
const SIZES: { value: MarkerSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

/** The Google map management screen: settings kept in this browser, markers, statistics, embed code. */
export function GoogleMapsPanel() {
  const [settings, setSettings] = useState<GoogleMapSettings>(() => loadGoogleMapSettings(window.localStorage));
  const [notice, showNotice] = useTimedNotice();
  const [savingFlag, setSavingFlag] = useState(false);
  const [shown, setShown] = useState({ markers: 0, results: 0 });
  const dealersQuery = useGetDealersForMapQuery();
  const { data: mapSettings } = useGetMapSettingsQuery();
  const upload = useMarkerUpload();
  const ids = useId();

  const dealers = dealersQuery.data ?? [];
  const onMap = useMemo(
    () =>
      dealers.filter((dealer) => {
        const position = dealerPosition(dealer);
        return position !== null && insideUsBounds(position);
      }),
    [dealers],
  );
  const config = useMemo(
    () => locatorConfigOfGoogle(settings, mapSettings?.categories),
    [settings, mapSettings?.categories],
  );
  const stats = useMemo(() => {
    const located = dealers.filter((dealer) => dealerPosition(dealer) !== null).length;
    return {
      total: dealers.length,
      google: dealers.filter((dealer) => dealer.geocoding_source === 'google').length,
      located,
      missing: dealers.length - located,
      percentage: dealers.length ? Math.round((located / dealers.length) * 1000) / 10 : 0,
    };
  }, [dealers]);
  const onShown = useCallback((next: { markers: number; results: number }) => setShown(next), []);

  const set = <K extends keyof GoogleMapSettings>(key: K, value: GoogleMapSettings[K]) =>
    setSettings((now) => ({ ...now, [key]: value }));

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload.send(file);
    if (url) setSettings((now) => withCustomMarker(now, url));
  };

  const saveSettings = () => {
    setSavingFlag(true);
    setTimeout(() => setSavingFlag(false), 1000);
    if (saveGoogleMapSettings(window.localStorage, settings)) showNotice({ text: 'Map settings saved successfully!' });
    else showNotice({ text: 'Failed to save map settings. Please try again.', tone: 'error' });
  };

  const range = (key: 'defaultZoom' | 'popupCornerRoundness' | 'popupTransparency' | 'popupPadding', label: string) => {
    const [min, max] = GOOGLE_RANGES[key];
    return <RangeField label={label} value={settings[key]} min={min} max={max} onChange={(value) => set(key, value)} />;
  };
  const check = (key: 'showMapControls' | 'enableMarkerClustering' | 'autoFitBounds', label: string) => (
    <CheckField label={label} checked={settings[key]} onChange={(checked) => set(key, checked)} />
  );

  return (
    <div className="settings-stack">
      <SettingsCard
        title="Google Maps"
        description="Google Maps settings, kept in this browser. They shape the map below, its preview and the embed code you generate."
      >
        <div className="google-settings">
          <div className="settings-form">
            <fieldset className="map-colors">
              <legend>Marker type</legend>
              <label className="map-color">
                <input
                  type="radio"
                  name={`${ids}-type`}
                  checked={settings.markerType === 'default'}
                  onChange={() => setSettings((now) => withoutCustomMarker(now))}
                />
                Default marker
              </label>
              <label className="map-color">
                <input
                  type="radio"
                  name={`${ids}-type`}
                  checked={settings.markerType === 'custom'}
                  disabled={!settings.customMarkerUrl}
                  onChange={() => settings.customMarkerUrl && set('markerType', 'custom')}
                />
                Custom image
              </label>
            </fieldset>
            <div className="field">
              <label htmlFor={`${ids}-upload`}>Upload a custom marker</label>
              <input
                id={`${ids}-upload`}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                onChange={(event) => void onFile(event.target.files?.[0])}
              />
              <p className="field__hint">Recommended: a PNG at 32×32 or 64×64 pixels.</p>
            </div>
            {upload.busy && <p role="status">Uploading marker image…</p>}
            <Message text={upload.message} tone="error" />
            {settings.customMarkerUrl && (
              <div className="map-icon-preview">
                <img
                  src={settings.customMarkerUrl}
                  alt="Custom marker preview"
                  width={CUSTOM_MARKER_PX[settings.markerSize]}
                  height={CUSTOM_MARKER_PX[settings.markerSize]}
                />
                <Button variant="secondary" onClick={() => setSettings((now) => withoutCustomMarker(now))}>
                  Remove
                </Button>
              </div>
            )}
            <div className="settings-grid">
              <div className="field">
                <label htmlFor={`${ids}-color`}>Marker colour</label>
                <div className="google-color">
                  <input
                    id={`${ids}-color`}
                    type="color"
                    value={settings.markerColor || '#2563eb'}
                    onChange={(event) => set('markerColor', event.target.value)}
                  />
                  {settings.markerColor ? (
                    <Button variant="secondary" onClick={() => set('markerColor', '')}>
                      Use category colours
                    </Button>
                  ) : (
                    <span className="geo-muted">By category</span>
                  )}
                </div>
              </div>
              <div className="field">
                <label htmlFor={`${ids}-size`}>Marker size</label>
                <select
                  id={`${ids}-size`}
                  value={settings.markerSize}
                  onChange={(event) => set('markerSize', event.target.value as MarkerSize)}
                >
                  {SIZES.map((size) => (
                    <option key={size.value} value={size.value}>
                      {settings.markerType === 'custom'
                        ? `${size.label} (${CUSTOM_MARKER_PX[size.value]}px)`
                        : size.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          </div>
          <div className="settings-form">
            {range('defaultZoom', 'Default zoom')}
            {check('showMapControls', 'Show map controls')}
            {check('enableMarkerClustering', 'Cluster nearby markers')}
            {check('autoFitBounds', 'Fit the map to the dealers')}
            <div className="settings-grid">
              <ColorField
                label="Popup text colour"
                value={settings.popupTextColor}
                onChange={(color) => set('popupTextColor', color)}
              />
              <ColorField
                label="Popup background"
                value={settings.popupBgColor}
                onChange={(color) => set('popupBgColor', color)}
              />
            </div>
            {range('popupCornerRoundness', 'Popup corner roundness (px)')}
            {range('popupTransparency', 'Popup transparency (%)')}
            {range('popupPadding', 'Popup padding (px)')}
          </div>
        </div>
        <div className="map-save">
          <Button onClick={saveSettings} busy={savingFlag} busyLabel="Saving...">
            Save Settings
          </Button>
          <Message text={notice?.text} tone={notice?.tone} />
        </div>
      </SettingsCard>

      <SettingsCard title="Dealer Map" description="The offline map (d3-geo and us-atlas) with these settings.">
        {dealersQuery.error && <Message text={loadFailureText('Error loading dealers', dealersQuery.error)} />}
        {stats.missing > 0 && (
          <p className="geo-warning" role="status">
            {stats.missing} dealer{stats.missing === 1 ? '' : 's'} lack coordinates and are not on the map. Repair them
            in Map Settings → Repair Tools.
          </p>
        )}
        <DealerLocator
          config={config}
          allDealers={onMap}
          height={600}
          onShown={onShown}
          fitPadding={ADMIN_PADDING}
          fitMaxZoom={FIT_MAX_ZOOM}
        />
        <dl className="google-stats">
          <Stat label="Total dealers" value={stats.total} />
          <Stat label="Google-geocoded" value={stats.google} />
          <Stat label="Visible markers" value={shown.markers} />
          <Stat label="Search results" value={shown.results} />
          <Stat label="Provider" value="Offline map (us-atlas)" />
          <Stat label="Geocoded" value={`${stats.percentage}%`} />
        </dl>
      </SettingsCard>

      <SettingsCard title="Embed Code" description="Put this map on another website.">
        <EmbedCodeSection config={config} copiedMessage="Google Maps embed code copied to clipboard!" dealers={onMap} />
      </SettingsCard>

      <SettingsCard title="Google Maps and OpenLayers">
        <div className="geo-table-wrap scroll-x">
          <table className="geo-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Aspect</span>
                </th>
                <th scope="col">Google Maps</th>
                <th scope="col">OpenLayers / offline map</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Key and cost</th>
                <td>Needs an API key; billed per map load and geocode past the free tier</td>
                <td>No key, no cost</td>
              </tr>
              <tr>
                <th scope="row">Works offline</th>
                <td>No</td>
                <td>Yes: map and geocoding of ZIP codes and cities</td>
              </tr>
              <tr>
                <th scope="row">Street detail</th>
                <td>Streets, satellite, Street View</td>
                <td>States and borders</td>
              </tr>
              <tr>
                <th scope="row">Geocoding accuracy</th>
                <td>Rooftop for most addresses</td>
                <td>ZIP or city centre (within a few miles)</td>
              </tr>
              <tr>
                <th scope="row">Privacy</th>
                <td>Visitors' browsers contact Google</td>
                <td>Nothing leaves this site</td>
              </tr>
            </tbody>
          </table>
        </div>
      </SettingsCard>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
