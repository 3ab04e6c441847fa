import { DEFAULT_MAP_CATEGORIES } from '@portal/contracts';
import { DEFAULT_LOCATOR_CONFIG, locatorConfigOf } from '../../src/features/locator/embedConfig';
import {
  attributeText,
  embeddableConfig,
  embedSize,
  generateEmbedCode,
  WIDGET_PATH,
} from '../../src/features/map-management/embedCode';
import {
  DEFAULT_GOOGLE_MAP_SETTINGS,
  GOOGLE_MAP_SETTINGS_KEY,
  googleMapSettingsOf,
  loadGoogleMapSettings,
  locatorConfigOfGoogle,
  saveGoogleMapSettings,
  withCustomMarker,
  withoutCustomMarker,
} from '../../src/features/map-management/googleMapSettings';
import {
  addCategory,
  clampIconSize,
  dealersIn,
  deleteCategory,
  updateCategory,
} from '../../src/features/map-management/mapCategories';
import { configOfMapSettings } from '../../src/features/map-management/mapSettingsConfig';
import { memoryStorage } from './memoryStorage';

describe('Map categories', () => {
  test('When a category is added, Then its id is the name in lower case with underscores, icon size 10 %', () => {
    const change = addCategory(DEFAULT_MAP_CATEGORIES, { name: ' Pro Shop ', color: 'green', icon: null });
    expect('categories' in change && change.categories.at(-1)).toEqual({
      id: 'pro_shop',
      name: 'Pro Shop',
      color: 'green',
      icon: null,
      iconSize: 10,
    });
  });

  test('When the name is empty or taken, Then the category is refused', () => {
    expect(addCategory(DEFAULT_MAP_CATEGORIES, { name: '  ', color: 'red', icon: null })).toEqual({
      error: 'Error: Category name is required',
    });
    expect(addCategory(DEFAULT_MAP_CATEGORIES, { name: 'MANUFACTURER', color: 'red', icon: null })).toEqual({
      error: 'Error: Category already exists',
    });
  });

  test('When the default Dealer category is deleted, Then it is refused with the spec message', () => {
    expect(deleteCategory(DEFAULT_MAP_CATEGORIES, 'dealer')).toEqual({
      error: 'Cannot delete the default Dealer category',
    });
    expect(deleteCategory(DEFAULT_MAP_CATEGORIES, 'manufacturer')).toEqual({
      categories: [DEFAULT_MAP_CATEGORIES[0]],
    });
  });

  test('When an icon size leaves 5–50 %, Then it is clamped', () => {
    expect(clampIconSize(2)).toBe(5);
    expect(clampIconSize(75)).toBe(50);
    expect(clampIconSize(Number.NaN)).toBe(10);
    expect(updateCategory(DEFAULT_MAP_CATEGORIES, 'dealer', { iconSize: 99 })[0]?.iconSize).toBe(50);
  });

  test('When a category would be deleted, Then the dealers it moves to dealer are counted', () => {
    expect(
      dealersIn([{ category: 'manufacturer' }, { category: 'dealer' }, { category: 'manufacturer' }], 'manufacturer'),
    ).toBe(2);
  });

  test('When the server settings shape the locator, Then popup fields map across', () => {
    const config = configOfMapSettings(DEFAULT_MAP_CATEGORIES, {
      showControls: false,
      enableClustering: true,
      popupTextColor: '#111111',
      popupBgColor: '#eeeeee',
      popupBorderRadius: 4,
      popupOpacity: 80,
      popupBlur: 2,
    });
    expect(config.popup).toEqual({
      textColor: '#111111',
      bgColor: '#eeeeee',
      radius: 4,
      opacity: 80,
      blur: 2,
      padding: 16,
    });
    expect(config.clustering).toBe(true);
    expect(config.showControls).toBe(false);
  });
});

describe('Google map settings in local storage', () => {
  test('When nothing is stored, Then the defaults apply (padding 16)', () => {
    expect(loadGoogleMapSettings(memoryStorage())).toEqual(DEFAULT_GOOGLE_MAP_SETTINGS);
    expect(DEFAULT_GOOGLE_MAP_SETTINGS.popupPadding).toBe(16);
  });

  test('When settings are saved, Then they come back from the same key', () => {
    const storage = memoryStorage();
    const settings = { ...DEFAULT_GOOGLE_MAP_SETTINGS, defaultZoom: 6, popupPadding: 24, markerSize: 'large' as const };
    expect(saveGoogleMapSettings(storage, settings)).toBe(true);
    expect(JSON.parse(storage.getItem(GOOGLE_MAP_SETTINGS_KEY) ?? '{}').popupPadding).toBe(24);
    expect(loadGoogleMapSettings(storage)).toEqual(settings);
  });

  test('When what is stored is broken or out of range, Then defaults and clamps apply', () => {
    const storage = memoryStorage();
    storage.setItem(GOOGLE_MAP_SETTINGS_KEY, '{not json');
    expect(loadGoogleMapSettings(storage)).toEqual(DEFAULT_GOOGLE_MAP_SETTINGS);
    const odd = googleMapSettingsOf({ popupPadding: 2, popupTransparency: 140, defaultZoom: 40, markerType: 'custom' });
    expect(odd).toMatchObject({ popupPadding: 8, popupTransparency: 100, defaultZoom: 18, markerType: 'default' });
  });

  test('When the browser refuses to store, Then saving says so', () => {
    const refusing = {
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(saveGoogleMapSettings(refusing, DEFAULT_GOOGLE_MAP_SETTINGS)).toBe(false);
  });

  test('When a marker image is uploaded, Then the marker is custom; Remove reverts to the default', () => {
    const custom = withCustomMarker(DEFAULT_GOOGLE_MAP_SETTINGS, '/api/marker-images/m.png');
    expect(custom).toMatchObject({ markerType: 'custom', customMarkerUrl: '/api/marker-images/m.png' });
    expect(withoutCustomMarker(custom)).toMatchObject({ markerType: 'default', customMarkerUrl: null });
    expect(locatorConfigOfGoogle(custom).marker).toEqual({
      type: 'custom',
      url: '/api/marker-images/m.png',
      color: null,
      size: 'medium',
    });
  });
});

describe('The embed code', () => {
  const origin = 'https://portal.example.com';

  test('When sizes are typed, Then plain numbers are pixels and other text falls back', () => {
    expect(embedSize('800', '100%')).toBe('800px');
    expect(embedSize('100%', '1px')).toBe('100%');
    expect(embedSize('50vh', '1px')).toBe('50vh');
    expect(embedSize('calc(1px)', '500px')).toBe('500px');
    expect(embedSize('', '500px')).toBe('500px');
  });

  test('When the code is generated, Then it loads the widget from the site and carries the settings and API base', () => {
    const code = generateEmbedCode({ origin, width: '800', height: '', config: DEFAULT_LOCATOR_CONFIG });
    expect(code).toContain(`src="${origin}${WIDGET_PATH}"`);
    expect(code).toContain(`data-api-base="${origin}"`);
    expect(code).toContain('data-width="800px"');
    expect(code).toContain('data-height="500px"');
    expect(code).toContain('data-key=""');
    expect(code).not.toMatch(/style=|<script>[^<]/);
    const settings = /data-settings="([^"]*)"/.exec(code)?.[1] ?? '';
    const decoded = settings
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(locatorConfigOf(JSON.parse(decoded))).toEqual(DEFAULT_LOCATOR_CONFIG);
  });

  test('When a category name has quotes or markup, Then the attribute stays closed', () => {
    expect(attributeText('a"b<c>&')).toBe('a&quot;b&lt;c&gt;&amp;');
    const config = {
      ...DEFAULT_LOCATOR_CONFIG,
      categories: [{ id: 'x', name: '"><script>', color: '', icon: null, iconSize: 10 }],
    };
    const code = generateEmbedCode({ origin, width: '', height: '', config });
    expect(code).not.toContain('"><script>');
  });

  test('When icons are data URLs or relative, Then the embed leaves them out or makes them absolute', () => {
    const config = embeddableConfig(
      {
        ...DEFAULT_LOCATOR_CONFIG,
        categories: [
          { id: 'a', name: 'A', color: '', icon: 'data:image/png;base64,AAAA', iconSize: 10 },
          { id: 'b', name: 'B', color: '', icon: '/api/marker-images/b.png', iconSize: 10 },
        ],
      },
      origin,
    );
    expect(config.categories.map((c) => c.icon)).toEqual([null, `${origin}/api/marker-images/b.png`]);
  });
});
