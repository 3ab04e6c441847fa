import {
  DEFAULT_CATEGORY_ID,
  DEFAULT_MAP_CATEGORIES,
  DEFAULT_MAP_DISPLAY_SETTINGS,
  type MapCategory,
  type MapDealer,
  type MapDisplaySettings,
} from '@portal/contracts';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { errorDetail, isNetworkError } from '../../api/errorMessage';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { Modal } from '../../ui/Modal';
import { geocodingBadge } from '../geocoding-console/consoleRules';
import { DealerLocator } from '../locator/DealerLocator';
import { dealerPosition, insideUsBounds } from '../locator/geo';
import { ADMIN_FIT_PADDING, evenPadding, FIT_MAX_ZOOM } from '../locator/mapView';
import { iconPixels, markerColor } from '../locator/markers';
import { DEFAULT_POPUP_STYLE, popupCss } from '../locator/popup';
import { loadFailureText } from '../settings/shared/notice';
import { SettingsCard, SettingsLoading } from '../settings/shared/SettingsCard';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { type CategoryDraft, CategoryModal } from './CategoryModal';
import { EmbedCodeSection } from './EmbedCodeSection';
import {
  useGetDealersForMapQuery,
  useGetMapSettingsQuery,
  useSaveMapSettingsMutation,
  useUpdateDealerCategoryMutation,
} from './mapApi';
import { addCategory, dealersIn, deleteCategory, updateCategory } from './mapCategories';
import { configOfMapSettings } from './mapSettingsConfig';
import { CheckField, ColorField, RangeField } from './SettingFields';
import './map-management.css';
import { countOf } from '../../format/count';

/** 001 §4: the saving flag shows for 1 s. */
const SAVING_FLAG_MS = 1000;

const ADMIN_PADDING = evenPadding(ADMIN_FIT_PADDING);

/** Map Management: the admin map, categories, popup style, dealers' categories and the embed code. */
export function MapManagementPanel() {
  const settingsQuery = useGetMapSettingsQuery();
  const dealersQuery = useGetDealersForMapQuery();
  const [categories, setCategories] = useState<MapCategory[]>(DEFAULT_MAP_CATEGORIES);
  const [display, setDisplay] = useState<MapDisplaySettings>(DEFAULT_MAP_DISPLAY_SETTINGS);
  const [editing, setEditing] = useState<MapCategory | 'new' | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MapCategory | null>(null);
  const [notice, showNotice] = useTimedNotice();
  const [save, { isLoading: saving }] = useSaveMapSettingsMutation();
  const [savingFlag, setSavingFlag] = useState(false);

  useEffect(() => {
    if (!settingsQuery.data) return;
    setCategories(settingsQuery.data.categories);
    setDisplay(settingsQuery.data.settings);
  }, [settingsQuery.data]);

  const dealers = dealersQuery.data ?? [];
  // 001 §5: only dealers inside the US box are drawn on the admin map
  const onMap = useMemo(
    () =>
      dealers.filter((dealer) => {
        const position = dealerPosition(dealer);
        return position !== null && insideUsBounds(position);
      }),
    [dealers],
  );
  const config = useMemo(() => configOfMapSettings(categories, display), [categories, display]);

  const persist = async (nextCategories: MapCategory[], nextDisplay: MapDisplaySettings) => {
    setSavingFlag(true);
    setTimeout(() => setSavingFlag(false), SAVING_FLAG_MS);
    try {
      const saved = await save({ body: { categories: nextCategories, settings: nextDisplay } }).unwrap();
      setCategories(saved.categories);
      setDisplay(saved.settings);
      showNotice({ text: 'Map settings saved successfully!' });
      return true;
    } catch (error) {
      showNotice(
        isNetworkError(error as never)
          ? { text: 'Failed to save map settings. Please try again.', tone: 'error' }
          : { text: errorDetail(error as never) || 'Error: Failed to save map settings', tone: 'error' },
      );
      return false;
    }
  };

  const onSaveCategory = (draft: CategoryDraft) => {
    if (editing === 'new') {
      const change = addCategory(categories, draft);
      if ('error' in change) {
        setModalError(change.error);
        return;
      }
      setCategories(change.categories);
    } else if (editing) {
      setCategories(updateCategory(categories, editing.id, draft));
    }
    setModalError(null);
    setEditing(null);
  };

  const askDelete = (category: MapCategory) => {
    const change = deleteCategory(categories, category.id);
    if ('error' in change) showNotice({ text: change.error, tone: 'error' });
    else setDeleting(category);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const change = deleteCategory(categories, deleting.id);
    if ('error' in change) return;
    // saved at once: the server moves the category's dealers to dealer
    if (await persist(change.categories, display)) setDeleting(null);
  };

  if (settingsQuery.isLoading) return <SettingsLoading what="map settings" />;

  return (
    <div className="settings-stack">
      {settingsQuery.error && <Message text={loadFailureText('Error loading map settings', settingsQuery.error)} />}

      <SettingsCard
        title="Dealer Map"
        description={`${onMap.length} of ${dealers.length} active dealers are on the map (inside the US).`}
      >
        {dealersQuery.error && <Message text={loadFailureText('Error loading dealers', dealersQuery.error)} />}
        <DealerLocator
          config={config}
          allDealers={onMap}
          height={600}
          fitPadding={ADMIN_PADDING}
          fitMaxZoom={FIT_MAX_ZOOM}
        />
      </SettingsCard>

      <SettingsCard
        title="Map Categories"
        description="Each dealer is drawn in its category's colour or marker image. Dealer is the default category."
        aside={
          <Button
            variant="secondary"
            onClick={() => {
              setModalError(null);
              setEditing('new');
            }}
          >
            Add Category
          </Button>
        }
      >
        <ul className="map-categories">
          {categories.map((category) => (
            <li key={category.id} className="map-category">
              {category.icon ? (
                <img src={category.icon} alt="" height={Math.min(40, iconPixels(category.iconSize))} />
              ) : (
                <span
                  className="map-swatch map-swatch--lg"
                  style={{ background: markerColor(category.id, category.color) }}
                />
              )}
              <span className="map-category__name">
                <strong>{category.name}</strong>
                <span className="geo-muted">
                  {category.id} · {countOf(dealersIn(dealers, category.id), 'dealer', 'dealers')} · icon{' '}
                  {category.iconSize}%
                </span>
              </span>
              <span className="button-row">
                <Button
                  variant="secondary"
                  onClick={() => {
                    setModalError(null);
                    setEditing(category);
                  }}
                >
                  Edit
                </Button>
                {category.id !== DEFAULT_CATEGORY_ID && (
                  <Button variant="danger" onClick={() => askDelete(category)}>
                    Delete
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </SettingsCard>

      <PopupSettingsCard display={display} onChange={setDisplay} />

      <div className="map-save">
        <Button onClick={() => void persist(categories, display)} busy={saving || savingFlag} busyLabel="Saving...">
          Save Settings
        </Button>
        <Message text={notice?.text} tone={notice?.tone} />
      </div>

      <DealerCategoriesCard dealers={dealers} categories={categories} />

      <SettingsCard title="Embed Code" description="Put the dealer locator on another website.">
        <EmbedCodeSection config={config} copiedMessage="Embed code copied to clipboard!" dealers={onMap} />
      </SettingsCard>

      <CategoryModal
        editing={editing}
        error={modalError}
        onSave={onSaveCategory}
        onClose={() => {
          setEditing(null);
          setModalError(null);
        }}
      />
      <Modal
        open={deleting !== null}
        title="Delete Category"
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)} disabled={saving}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirmDelete} busy={saving} busyLabel="Deleting...">
              Delete Category
            </Button>
          </>
        }
      >
        {deleting && (
          <p className="modal__text">
            Delete <strong>{deleting.name}</strong>? Its {countOf(dealersIn(dealers, deleting.id), 'dealer', 'dealers')}{' '}
            will be moved to the Dealer category. Other unsaved changes are saved with it.
          </p>
        )}
      </Modal>
    </div>
  );
}

function PopupSettingsCard({
  display,
  onChange,
}: {
  display: MapDisplaySettings;
  onChange: (next: MapDisplaySettings) => void;
}) {
  const set = <K extends keyof MapDisplaySettings>(key: K, value: MapDisplaySettings[K]) =>
    onChange({ ...display, [key]: value });
  const style = popupCss({
    textColor: display.popupTextColor,
    bgColor: display.popupBgColor,
    radius: display.popupBorderRadius,
    opacity: display.popupOpacity,
    blur: display.popupBlur,
    padding: DEFAULT_POPUP_STYLE.padding,
  });
  return (
    <SettingsCard title="Map and Popup Style" description="How the map behaves and how dealer popups look.">
      <div className="map-popup-settings">
        <div className="settings-form">
          <CheckField
            label="Show map controls"
            checked={display.showControls}
            onChange={(checked) => set('showControls', checked)}
          />
          <CheckField
            label="Cluster nearby markers"
            checked={display.enableClustering}
            onChange={(checked) => set('enableClustering', checked)}
          />
          <div className="settings-grid">
            <ColorField
              label="Text colour"
              value={display.popupTextColor}
              onChange={(color) => set('popupTextColor', color)}
            />
            <ColorField
              label="Background colour"
              value={display.popupBgColor}
              onChange={(color) => set('popupBgColor', color)}
            />
          </div>
          <RangeField
            label="Corner radius"
            value={display.popupBorderRadius}
            min={0}
            max={20}
            unit="px"
            onChange={(radius) => set('popupBorderRadius', radius)}
          />
          <RangeField
            label="Transparency"
            value={display.popupOpacity}
            min={0}
            max={100}
            unit="%"
            onChange={(opacity) => set('popupOpacity', opacity)}
          />
          <RangeField
            label="Blur"
            value={display.popupBlur}
            min={0}
            max={20}
            unit="px"
            onChange={(blur) => set('popupBlur', blur)}
          />
        </div>
        <figure className="map-popup-preview" aria-label="Popup preview">
          <div className="map-popup-preview__popup" style={style}>
            <strong>Timberline Outdoors</strong>
            <span>123 Main St</span>
            <span>Austin, TX 78701</span>
            <span className="map-popup-preview__link">Visit Website</span>
          </div>
        </figure>
      </div>
    </SettingsCard>
  );
}

/** The dealers' categories and geocoding badges, found by a search whose results open in a modal. */
function DealerCategoriesCard({ dealers, categories }: { dealers: readonly MapDealer[]; categories: MapCategory[] }) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<MapDealer[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateDealerCategoryMutation();
  const ids = useId();
  const counts = useMemo(() => {
    const tally = { Ready: 0, 'Needs Geocoding': 0, Error: 0 };
    for (const dealer of dealers) tally[geocodingBadge(dealer)] += 1;
    return tally;
  }, [dealers]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const needle = text.trim().toLowerCase();
    if (!needle) {
      setMessage('Please enter a dealer name, ID or city to search');
      return;
    }
    setMessage(null);
    setResults(
      dealers
        .filter((dealer) =>
          [dealer.business_name, dealer.full_name, dealer.dealer_id, dealer.city, dealer.state, dealer.zip_code].some(
            (value) => value?.toLowerCase().includes(needle),
          ),
        )
        .slice(0, 50),
    );
  };
  const current = (id: string) => dealers.find((dealer) => dealer.dealer_id === id);

  return (
    <SettingsCard
      title="Dealers on the Map"
      description="Find dealers to change their category and see their geocoding status."
    >
      <ul className="map-badges" aria-label="Geocoding status of the dealers">
        <li>
          <span className="geo-badge geo-badge--ready">Ready</span> {counts.Ready}
        </li>
        <li>
          <span className="geo-badge geo-badge--needs">Needs Geocoding</span> {counts['Needs Geocoding']}
        </li>
        <li>
          <span className="geo-badge geo-badge--error">Error</span> {counts.Error}
        </li>
      </ul>
      <form className="map-dealer-search" onSubmit={search} aria-label="Search dealers">
        <label htmlFor={`${ids}-q`} className="visually-hidden">
          Search dealers
        </label>
        <input
          id={`${ids}-q`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Dealer name, ID, city, state or ZIP"
        />
        <Button type="submit" variant="secondary">
          Search Dealers
        </Button>
      </form>
      <Message text={message} tone="error" />
      <Modal open={results !== null} title="Search Results" onClose={() => setResults(null)} size="wide">
        {results?.length === 0 && <p>No dealers match "{text}".</p>}
        {results && results.length > 0 && (
          <div className="geo-table-wrap scroll-x">
            <table className="geo-table">
              <thead>
                <tr>
                  <th scope="col">Dealer</th>
                  <th scope="col">City</th>
                  <th scope="col">Status</th>
                  <th scope="col">Category</th>
                </tr>
              </thead>
              <tbody>
                {results.map((found) => {
                  const dealer = current(found.dealer_id) ?? found;
                  const badge = geocodingBadge(dealer);
                  return (
                    <tr key={dealer.dealer_id}>
                      <td>
                        <strong>{dealer.business_name ?? dealer.full_name ?? dealer.dealer_id}</strong>
                        <span className="geo-muted geo-block">{dealer.dealer_id}</span>
                      </td>
                      <td>{[dealer.city, dealer.state].filter(Boolean).join(', ')}</td>
                      <td>
                        <span
                          className={`geo-badge geo-badge--${badge === 'Ready' ? 'ready' : badge === 'Error' ? 'error' : 'needs'}`}
                          title={dealer.geocoding_error ?? undefined}
                        >
                          {badge}
                        </span>
                      </td>
                      <td>
                        <select
                          aria-label={`Category of ${dealer.business_name ?? dealer.dealer_id}`}
                          value={dealer.category}
                          disabled={isLoading}
                          onChange={(event) =>
                            void update({ body: { dealer_id: dealer.dealer_id, category: event.target.value } })
                          }
                        >
                          {categories.map((category) => (
                            <option key={category.id} value={category.id}>
                              {category.name}
                            </option>
                          ))}
                          {!categories.some((category) => category.id === dealer.category) && (
                            <option value={dealer.category}>{dealer.category}</option>
                          )}
                        </select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Modal>
    </SettingsCard>
  );
}
