import request from 'supertest';
import { dealerForm, startPortal, type TestPortal } from './support/portal';

/**
 * Text PostgreSQL cannot hold — a NUL, half a surrogate pair — in any text field of a dealer write endpoint is a
 * 400 that names the field, never a 500 (or, for create-dealer, a misleading 503 after a login was made).
 */
let portal: TestPortal;
let admin: string;
let dealerId: string;
let dealerAuth: string;
beforeAll(async () => {
  portal = await startPortal('dealer_bad_input');
  admin = `Bearer ${portal.adminToken}`;
  const form = dealerForm();
  const created = await request(portal.dealer.app)
    .post('/api/admin/create-dealer')
    .set('authorization', admin)
    .send(form);
  dealerId = created.body.dealer_id;
  dealerAuth = `Bearer ${await portal.services.signIn(form.email, created.body.temporary_password)}`;
});
afterAll(() => portal?.stop());

const api = () => request(portal.dealer.app);
const BAD = { NUL: 'Ridge\u0000Blinds', 'a lone surrogate': 'Ridge \ud83d Blinds' };
const LABELS: Record<string, string> = {
  business_name: 'Business name',
  full_name: 'Full name',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  zip_code: 'Zip code',
  website: 'Website',
  zone: 'Zone',
  description: 'Business description',
};

describe.each(Object.entries(BAD))('%s in a dealer text field', (_what, bad) => {
  test.each(['business_name', 'full_name', 'phone', 'address', 'city', 'zip_code', 'zone'])(
    'When create-dealer gets it in %s, Then 400 names the field and no login is made',
    async (field) => {
      const form = dealerForm({ [field]: bad });
      const res = await api().post('/api/admin/create-dealer').set('authorization', admin).send(form);
      expect([res.status, res.body.detail]).toEqual([
        400,
        `Error: ${LABELS[field]} contains characters that cannot be stored`,
      ]);
      const login = await request(portal.identity.app)
        .post('/api/auth/login')
        .send({ email: form.email, password: 'x'.repeat(8) });
      expect(login.status).toBe(401);
    },
  );

  test.each(['business_name', 'city', 'description', 'website'])(
    'When the admin edit form gets it in %s, Then 400 names the field',
    async (field) => {
      const res = await api()
        .put(`/api/admin/update-dealer/${dealerId}`)
        .set('authorization', admin)
        .send(dealerForm({ [field]: bad }));
      expect([res.status, res.body.detail]).toEqual([
        400,
        `Error: ${LABELS[field]} contains characters that cannot be stored`,
      ]);
    },
  );

  test.each(['full_name', 'address', 'description'])(
    'When the dealer profile gets it in %s, Then 400 names the field',
    async (field) => {
      const { email: _email, zone: _zone, ...profile } = dealerForm({ [field]: bad });
      const res = await api().put('/api/dealer/profile').set('authorization', dealerAuth).send(profile);
      expect([res.status, res.body.detail]).toEqual([
        400,
        `Error: ${LABELS[field]} contains characters that cannot be stored`,
      ]);
    },
  );

  test('When the website settings form gets it in the description, Then 400 names the field', async () => {
    // multipart is UTF-8 on the wire: a lone surrogate cannot travel in it (it arrives as U+FFFD), a NUL can
    if (bad !== BAD.NUL) return;
    const res = await api()
      .post(`/api/admin/update-dealer-website/${dealerId}`)
      .set('authorization', admin)
      .field('use_own_website', 'false')
      .field('description', bad);
    expect([res.status, res.body.detail]).toEqual([
      400,
      'Error: Business description contains characters that cannot be stored',
    ]);
  });

  test.each([
    [
      'a note',
      () => api().post(`/api/admin/add-dealer-note/${dealerId}`).set('authorization', admin).send({ note_text: bad }),
    ],
    [
      'a zone change',
      () =>
        api()
          .post('/api/admin/bulk-update-dealer-zone')
          .set('authorization', admin)
          .send({ zone: bad, dealer_ids: [dealerId] }),
    ],
  ])('When %s carries it, Then a 4xx, not a 500', async (_name, call) => {
    const res = await call();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.detail).toBe('string');
  });

  test('When a pending decision carries it in its notes, Then a 4xx and the applicant stays pending', async () => {
    const applicant = `P${Math.random().toString(36).slice(2, 9)}`;
    await portal.dealer.ctx.db.query(
      `INSERT INTO dealers (dealer_id, business_name, email, status, announced) VALUES ($1, 'Applicant', $2, 'pending', false)`,
      [applicant, `${applicant.toLowerCase()}@example.com`],
    );
    const res = await api()
      .post('/api/admin/dealer-action')
      .set('authorization', admin)
      .send({ dealer_id: applicant, action: 'approve', notes: bad });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const [{ status }] = await portal.dealer.ctx.db.query('SELECT status FROM dealers WHERE dealer_id = $1', [
      applicant,
    ]);
    expect(status).toBe('pending');
  });
});
