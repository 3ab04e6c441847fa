import { missingForPublishing } from '@portal/contracts';
import { canEnableGeneratedWebsite, websiteVisibility } from '../../src/domain/website-rules';

describe('the admin website-enable rule', () => {
  test.each([
    [{ useOwnWebsite: false, description: 'Family shop' }, true],
    [{ useOwnWebsite: true, description: 'Family shop' }, false],
    [{ useOwnWebsite: false, description: '   ' }, false],
    [{ useOwnWebsite: false, description: null }, false],
  ])('When the settings are %j, Then enabling the generated site is allowed: %s', (settings, allowed) => {
    expect(canEnableGeneratedWebsite(settings)).toBe(allowed);
  });
});

describe('who sees a dealer website', () => {
  const dealer = (enable_website: boolean, status = 'active') => ({ enable_website, status });
  test('When enabled and active, Then live; with a valid preview token, Then a preview; otherwise hidden', () => {
    expect(websiteVisibility({ dealer: dealer(true), previewing: false })).toBe('live');
    expect(websiteVisibility({ dealer: dealer(false), previewing: true })).toBe('preview');
    expect(websiteVisibility({ dealer: dealer(false), previewing: false })).toBe('hidden');
    expect(websiteVisibility({ dealer: dealer(true, 'archived'), previewing: true })).toBe('hidden');
    expect(websiteVisibility(null)).toBe('hidden');
  });
});

describe('publish readiness (the one rule in contracts, for the server and the web)', () => {
  const ready = {
    full_name: 'Jane Ridge',
    business_name: 'Ridge Blinds',
    phone: '555',
    address: '1 Oak Rd',
    city: 'Springfield',
    state: 'IL',
    zip_code: '62701',
    description: 'Blinds',
    header_image_url: '/api/dealer/header-image/D1?v=1',
    use_own_website: false,
  };

  test('When everything is there, Then nothing is missing', () => {
    expect(missingForPublishing(ready)).toEqual([]);
  });

  test('When fields are blank, the image is absent and the own website is chosen, Then each is named in order', () => {
    expect(
      missingForPublishing({
        ...ready,
        business_name: ' ',
        zip_code: null,
        description: '',
        header_image_url: null,
        use_own_website: true,
      }),
    ).toEqual([
      'Business name',
      'Zip code',
      'Business description',
      'Header image',
      'Generated website selected (not your own website)',
    ]);
  });
});
