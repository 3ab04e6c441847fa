import sharp from 'sharp';
import request from 'supertest';
import { GIF_SCRIPT, jpegWithGps, pngClaiming, transparentPng } from '../../platform/test/storage/hostile-images';
import { IMAGES } from '../../platform/test/storage/image-fixtures';
import { dealerForm, startPortal, type TestPortal } from './support/portal';

let portal: TestPortal;
let a: { id: string; auth: string };
let b: { id: string; auth: string };
beforeAll(async () => {
  portal = await startPortal('dealer_portal');
  const create = async () => {
    const form = dealerForm();
    const res = await request(portal.dealer.app)
      .post('/api/admin/create-dealer')
      .set('authorization', `Bearer ${portal.adminToken}`)
      .send(form);
    const session = await request(portal.identity.app)
      .post('/api/auth/login')
      .send({ email: form.email, password: res.body.temporary_password });
    return { id: res.body.dealer_id as string, auth: `Bearer ${session.body.access_token}` };
  };
  a = await create();
  b = await create();
});
afterAll(() => portal?.stop());

const api = () => request(portal.dealer.app);
const upload = (auth: string, bytes: Buffer, filename: string, fields: Record<string, string> = {}) => {
  const req = api().post('/api/dealer/upload-header-image').set('authorization', auth);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  return req.attach('image', bytes, filename);
};
const site = (id: string, query = '') => api().get(`/api/dealer-website/${id}${query}`);
const profile = (overrides: Record<string, unknown> = {}) => {
  const { email: _email, zone: _zone, ...form } = dealerForm();
  return { ...form, ...overrides };
};

describe('the dealer profile', () => {
  test('When a dealer reads and saves its profile, Then its own record changes, with the spec messages for bad input', async () => {
    const own = await api().get('/api/dealer/profile').set('authorization', a.auth);
    expect(own.body.dealer.dealer_id).toBe(a.id);
    const noName = await api()
      .put('/api/dealer/profile')
      .set('authorization', a.auth)
      .send(profile({ business_name: '', full_name: '' }));
    expect(noName.body.detail).toBe('Error: Either Business Name or Full Name must be provided');
    const missing = await api()
      .put('/api/dealer/profile')
      .set('authorization', a.auth)
      .send(profile({ phone: '', address: ' ' }));
    expect(missing.body.detail).toBe('Error: Missing required fields: phone, address');
    const saved = await api()
      .put('/api/dealer/profile')
      .set('authorization', a.auth)
      .send(
        profile({
          business_name: 'Alpha Blinds',
          specialties: ['Ground blinds', 'Tree stands'],
          description: 'Since 1990',
        }),
      );
    expect(saved.body).toMatchObject({
      message: 'Profile updated successfully!',
      dealer: { business_name: 'Alpha Blinds', specialties: ['Ground blinds', 'Tree stands'] },
    });
  });

  test('When dealer A acts, Then nothing of dealer B is read or changed', async () => {
    const before = (await api().get('/api/dealer/profile').set('authorization', b.auth)).body.dealer;
    await api()
      .put('/api/dealer/profile')
      .set('authorization', a.auth)
      .send(profile({ dealer_id: b.id, business_name: 'Hijack' }));
    const other = await upload(a.auth, IMAGES.png, 'x.png', { dealer_id: b.id });
    expect(other.status).toBe(403);
    expect((await api().get(`/api/admin/dealer-notes/${b.id}`).set('authorization', a.auth)).status).toBe(403);
    expect((await api().get('/api/dealer/profile').set('authorization', b.auth)).body.dealer).toEqual(before);
    const orphan = `Bearer ${portal.tokenFor({ role: 'dealer', dealerId: 'DNOSUCH' })}`;
    expect((await api().get('/api/dealer/profile').set('authorization', orphan)).status).toBe(403);
  });
});

describe('the header image', () => {
  test.each([
    [
      'a text file named .png',
      Buffer.from('just text, not an image'),
      'photo.png',
      415,
      'Error: Please select an image file',
    ],
    [
      'an SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'logo.svg',
      415,
      'Error: Please select an image file',
    ],
    [
      'a 5 MB + 1 byte image',
      Buffer.concat([IMAGES.png, Buffer.alloc(5242881 - IMAGES.png.length)]),
      'big.png',
      413,
      'Error: Image file must be less than 5MB',
    ],
    ['no file', Buffer.alloc(0), 'empty.png', 400, 'Error: Please select an image first'],
  ])('When the upload is %s, Then it is refused', async (_what, bytes, name, status, detail) => {
    const res = await upload(a.auth, bytes, name);
    expect(res.status).toBe(status);
    expect(res.body.detail).toBe(detail);
  });

  test('When a real image is uploaded, Then it is served with its detected type and nosniff, and deleting removes it', async () => {
    const res = await upload(a.auth, IMAGES.jpeg, 'header.png', { dealer_id: a.id });
    expect(res.body).toMatchObject({
      success: true,
      message: 'Image uploaded successfully!',
      header_image_url: expect.stringMatching(new RegExp(`^/api/dealer/header-image/${a.id}\\?v=\\d+$`)),
    });
    const image = await api().get(res.body.header_image_url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toBe('public, no-cache');
    expect(await sharp(image.body).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
    const removed = await api().delete('/api/dealer/delete-header-image').set('authorization', a.auth);
    expect(removed.body).toMatchObject({ message: 'Header image deleted successfully!' });
    expect((await api().get(`/api/dealer/header-image/${a.id}`)).status).toBe(404);
  });
});

describe('a hostile header image', () => {
  // the website tests below start from dealer b without a header image
  afterAll(() => api().delete('/api/dealer/delete-header-image').set('authorization', b.auth));

  test.each([
    ['a PNG claiming 50000×50000 pixels', () => pngClaiming(50_000, 50_000)],
    ['a 20000×20000 decompression bomb', () => pngClaiming(20_000, 20_000)],
    ['GIF89a followed by a script', () => GIF_SCRIPT],
  ])('When the upload is %s, Then it is refused and nothing is published', async (_what, bytes) => {
    const before = (await api().get('/api/dealer/profile').set('authorization', b.auth)).body.dealer.header_image_url;

    const res = await upload(b.auth, bytes(), 'header.png');

    expect(res.status).toBe(415);
    expect(res.body.detail).toBe('Error: Please select an image file');
    const after = (await api().get('/api/dealer/profile').set('authorization', b.auth)).body.dealer.header_image_url;
    expect(after).toBe(before);
  });

  test('When a JPEG carries EXIF with the GPS position, Then what is served is re-encoded without any metadata', async () => {
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const res = await upload(b.auth, photo, 'header.jpg');
    const served = await api().get(res.body.header_image_url);

    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(served.body.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  test('When the admin sets a transparent PNG as header image, Then it is served as a re-encoded PNG keeping its transparency', async () => {
    const res = await api()
      .post(`/api/admin/update-dealer-website/${b.id}`)
      .set('authorization', `Bearer ${portal.adminToken}`)
      .field('use_own_website', 'true')
      .attach('header_image', await transparentPng(), 'logo.png');
    const served = await api().get(res.body.website_info.header_image);

    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.body).metadata()).toMatchObject({ format: 'png', hasAlpha: true, width: 64 });
  });
});

describe('the generated website', () => {
  test('When the website is not ready, Then publishing names what is missing; once ready it goes live and can be disabled', async () => {
    await api()
      .put('/api/dealer/profile')
      .set('authorization', b.auth)
      .send(profile({ description: '', use_own_website: true }));
    const notReady = await api().post('/api/dealer/publish-website').set('authorization', b.auth);
    expect(notReady.status).toBe(400);
    expect(notReady.body.detail).toBe(
      'Error: Your website is not ready to publish. Missing: Business description, Header image, Generated website selected (not your own website)',
    );
    expect((await site(b.id)).status).toBe(404);

    await api()
      .put('/api/dealer/profile')
      .set('authorization', b.auth)
      .send(profile({ description: 'Blinds for every season', use_own_website: false }));
    await upload(b.auth, IMAGES.png, 'h.png');
    const preview = await api().get('/api/dealer/preview-website').set('authorization', b.auth);
    expect(preview.body.preview_url).toMatch(new RegExp(`^/api/dealer-website/${b.id}\\?preview=[\\w-]{43}$`));
    const previewed = await api().get(preview.body.preview_url);
    expect(previewed.status).toBe(200);
    expect(previewed.headers['cache-control']).toBe('no-store');
    expect((await site(b.id, '?preview=forged')).status).toBe(404);
    expect((await site(a.id, preview.body.preview_url.slice(preview.body.preview_url.indexOf('?')))).status).toBe(404);

    const published = await api().post('/api/dealer/publish-website').set('authorization', b.auth);
    expect(published.body).toMatchObject({
      message: 'Website published successfully! Your website is now live.',
      website_url: `/api/dealer-website/${b.id}`,
    });
    const live = await site(b.id);
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toMatch(/^text\/html/);
    expect(live.text).toContain('Blinds for every season');
    expect(live.text).toContain('name="viewport"');

    expect((await api().post('/api/dealer/disable-website').set('authorization', b.auth)).body.message).toBe(
      'Website disabled successfully!',
    );
    expect((await site(b.id)).status).toBe(404);
  });

  test('When every dealer text field carries script, onerror and javascript: payloads, Then the published page keeps them inert', async () => {
    const evil = {
      business_name: '<script>alert(1)</script>Evil Blinds',
      full_name: '"><img src=x onerror=alert(2)>',
      phone: '555<script>alert(3)</script>0100',
      address: '<svg onload=alert(4)>',
      city: "'><iframe src=javascript:alert(5)>",
      zip_code: '<b onclick=alert(6)>',
      description: '<a href="javascript:alert(7)">click</a><img src=x onerror="alert(8)">',
      specialties: ['<script>alert(9)</script>', 'javascript:alert(10)'],
      website: 'https://evil.example.com/"><script>alert(11)</script>',
      use_own_website: false,
    };
    const saved = await api().put('/api/dealer/profile').set('authorization', a.auth).send(profile(evil));
    expect([saved.status, saved.body.detail]).toEqual([200, undefined]);
    await upload(a.auth, IMAGES.png, 'h.png');
    expect((await api().post('/api/dealer/publish-website').set('authorization', a.auth)).status).toBe(200);

    const page = await site(a.id);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const html = page.text;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(img|svg|iframe|b|a)\b[^>]*\son\w+=/i); // no element carries an event handler
    expect(html).not.toMatch(/<iframe|<svg/i);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] as string);
    expect(hrefs.every((h) => /^(https?:|tel:|mailto:)/.test(h))).toBe(true);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;Evil Blinds');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
  });

  test('When the dealer is archived, Then its website and header image are gone', async () => {
    expect((await site(a.id)).status).toBe(200);
    await api().post(`/api/admin/archive-dealer/${a.id}`).set('authorization', `Bearer ${portal.adminToken}`);
    try {
      expect((await site(a.id)).status).toBe(404);
      expect((await api().get(`/api/dealer/header-image/${a.id}`)).status).toBe(404);
      // locked out: 403 for an archived dealer, or 401 once identity's revocation of its sessions has arrived
      expect([401, 403]).toContain((await api().get('/api/dealer/profile').set('authorization', a.auth)).status);
    } finally {
      await api().post(`/api/admin/restore-dealer/${a.id}`).set('authorization', `Bearer ${portal.adminToken}`);
    }
  });
});

describe('admin website management', () => {
  const path = () => `/api/admin/update-dealer-website/${b.id}`;
  const admin = () => `Bearer ${portal.adminToken}`;

  test('When the generated site is enabled with own website on or no description, Then refused; otherwise it goes live', async () => {
    const own = await api()
      .post(path())
      .set('authorization', admin())
      .field('use_own_website', 'true')
      .field('custom_website_enabled', 'true')
      .field('description', 'x');
    expect(own.status).toBe(400);
    expect(own.body.detail).toBe(
      'Error: The generated website can be enabled only when own website is off and a description is entered',
    );
    const noText = await api()
      .post(path())
      .set('authorization', admin())
      .field('use_own_website', 'false')
      .field('custom_website_enabled', 'true')
      .field('description', ' ');
    expect(noText.status).toBe(400);
    const ok = await api()
      .post(path())
      .set('authorization', admin())
      .field('use_own_website', 'false')
      .field('custom_website_enabled', 'true')
      .field('description', 'Run by the admin')
      .attach('header_image', IMAGES.gif, 'h.gif');
    expect(ok.body).toMatchObject({
      message: 'Website settings updated successfully!',
      website_info: {
        use_own_website: false,
        custom_website_enabled: true,
        description: 'Run by the admin',
        header_image: expect.any(String),
      },
    });
    const info = await api().get(`/api/admin/dealer-website-info/${b.id}`).set('authorization', admin());
    expect(info.body.website_info).toEqual(ok.body.website_info);
    expect((await site(b.id)).text).toContain('Run by the admin');
    const svg = await api()
      .post(path())
      .set('authorization', admin())
      .field('use_own_website', 'true')
      .attach('header_image', Buffer.from('<svg/>'), 'x.png');
    expect(svg.status).toBe(415);
  });

  test("When the locator asks which dealers' generated websites are live, Then only the published ones of active dealers are named", async () => {
    const live = (ids: string) => api().get(`/api/public/live-dealer-websites?dealer_ids=${encodeURIComponent(ids)}`);
    // b's site went live above; a never published one
    const both = await live(`${a.id},${b.id},NO-SUCH-DEALER`);
    expect(both.status).toBe(200);
    expect(both.body.websites).toEqual([{ dealer_id: b.id, website_url: `/api/dealer-website/${b.id}` }]);
    expect((await site(b.id)).status).toBe(200);
    expect((await site(a.id)).status).toBe(404);

    const none = await live(' , ');
    expect(none.status).toBe(400);
    const tooMany = await live(Array.from({ length: 21 }, (_, i) => `D${i}`).join(','));
    expect(tooMany.status).toBe(400);
  });
});

describe('shared caches (a CDN or proxy in front of the public website)', () => {
  const admin = () => `Bearer ${portal.adminToken}`;

  test('When a live website is disabled, Then a cache revalidating its copy gets a 404 it may not keep', async () => {
    const live = await site(b.id);
    expect(live.status).toBe(200);
    expect(live.headers['cache-control']).toBe('public, no-cache'); // kept, but asked again before each use
    const etag = live.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const unchanged = await site(b.id).set('if-none-match', etag);
    expect(unchanged.status).toBe(304);

    await api().post('/api/dealer/disable-website').set('authorization', b.auth).expect(200);
    const gone = await site(b.id).set('if-none-match', etag);
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
  });

  test('When a dealer is archived, Then a cached copy of its header image and website revalidates to a 404 it may not keep', async () => {
    // a's own token ended with its earlier archive: the admin publishes its site
    const enabled = await api()
      .post(`/api/admin/update-dealer-website/${a.id}`)
      .set('authorization', admin())
      .field('use_own_website', 'false')
      .field('custom_website_enabled', 'true')
      .field('description', 'Back in business')
      .attach('header_image', IMAGES.png, 'h.png');
    expect(enabled.status).toBe(200);
    expect((await api().get(`/api/public/live-dealer-websites?dealer_ids=${a.id}`)).body.websites).toHaveLength(1);
    const imageUrl = enabled.body.website_info.header_image as string;
    const page = await site(a.id);
    const image = await api().get(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers['cache-control']).toBe('public, no-cache');
    const imageTag = image.headers.etag as string;
    expect((await api().get(imageUrl).set('if-none-match', imageTag)).status).toBe(304);

    await api().post(`/api/admin/archive-dealer/${a.id}`).set('authorization', admin()).expect(200);
    try {
      const imageGone = await api().get(imageUrl).set('if-none-match', imageTag);
      expect([imageGone.status, imageGone.headers['cache-control']]).toEqual([404, 'no-store']);
      const pageGone = await site(a.id).set('if-none-match', page.headers.etag as string);
      expect([pageGone.status, pageGone.headers['cache-control']]).toEqual([404, 'no-store']);
      // nor does the locator link it
      const live = await api().get(`/api/public/live-dealer-websites?dealer_ids=${a.id}`);
      expect(live.body.websites).toEqual([]);
    } finally {
      await api().post(`/api/admin/restore-dealer/${a.id}`).set('authorization', admin());
    }
  });
});
