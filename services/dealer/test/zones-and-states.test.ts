import request from 'supertest';
import { dealerForm, eventually, startPortal, type TestPortal } from './support/portal';

let portal: TestPortal;
let admin: string;
beforeAll(async () => {
  portal = await startPortal('dealer_zones');
  admin = `Bearer ${portal.adminToken}`;
});
afterAll(() => portal?.stop());

const api = () => request(portal.dealer.app);
const DEFAULTS = 'Eastern Zone, Midwest Zone, Southern Zone, Western Zone';
const create = (overrides: Record<string, unknown> = {}) =>
  api().post('/api/admin/create-dealer').set('authorization', admin).send(dealerForm(overrides));
const storedCount = async (email: string) =>
  (await portal.dealer.ctx.db.query('SELECT 1 FROM dealers WHERE email = $1', [email])).length;

describe('zones are the configured ones', () => {
  test('When a dealer is created in a zone that is not configured, Then 400 names the configured zones and nothing is created', async () => {
    const form = dealerForm({ zone: 'Atlantis Zone' });
    const res = await api().post('/api/admin/create-dealer').set('authorization', admin).send(form);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`Error: Zone "Atlantis Zone" is not one of the configured zones (${DEFAULTS})`);
    expect(await storedCount(form.email)).toBe(0);
  });

  test('When a zone is typed in another case, Then the configured spelling is stored', async () => {
    const res = await create({ zone: '  midwest ZONE ' });
    expect(res.status).toBe(200);
    expect(res.body.dealer.zone).toBe('Midwest Zone');
  });

  test('When the edit form or the bulk zone change names an unknown zone, Then 400 and no dealer moves', async () => {
    const { dealer_id } = (await create()).body;
    const edit = await api()
      .put(`/api/admin/update-dealer/${dealer_id}`)
      .set('authorization', admin)
      .send(dealerForm({ zone: 'Nowhere' }));
    expect([edit.status, edit.body.detail]).toEqual([
      400,
      `Error: Zone "Nowhere" is not one of the configured zones (${DEFAULTS})`,
    ]);
    const bulk = await api()
      .post('/api/admin/bulk-update-dealer-zone')
      .set('authorization', admin)
      .send({ zone: 'Nowhere', dealer_ids: [dealer_id] });
    expect(bulk.status).toBe(400);
    expect(bulk.body.detail).toMatch(/^Error: Zone "Nowhere" is not one of the configured zones/);
    const [{ zone }] = await portal.dealer.ctx.db.query('SELECT zone FROM dealers WHERE dealer_id = $1', [dealer_id]);
    expect(zone).toBe('Midwest Zone');
  });

  test('When the admin adds a zone in the system configuration, Then dealers can be put in it; a removed zone is refused', async () => {
    const zones = ['Eastern Zone', 'Midwest Zone', 'Southern Zone', 'Northern Zone'];
    const saved = await request(portal.identity.app)
      .post('/api/admin/system-configuration')
      .set('authorization', admin)
      .send({ zones });
    expect(saved.status).toBe(200);
    const northern = await eventually(async () => {
      const res = await create({ zone: 'Northern Zone' });
      expect(res.status).toBe(200);
      return res.body.dealer;
    });
    expect(northern.zone).toBe('Northern Zone');
    const western = await create({ zone: 'Western Zone' });
    expect([western.status, western.body.detail]).toEqual([
      400,
      'Error: Zone "Western Zone" is not one of the configured zones (Eastern Zone, Midwest Zone, Southern Zone, Northern Zone)',
    ]);
    const moved = await api()
      .post('/api/admin/bulk-update-dealer-zone')
      .set('authorization', admin)
      .send({ zone: 'northern zone', dealer_ids: [northern.dealer_id] });
    expect(moved.body).toMatchObject({ success: true, updated_count: 1 });
  });
});

describe('states are US states', () => {
  test.each([
    ['ZZ', 'Error: State must be a US state code (two letters, e.g. TX)'],
    ['PR', 'Error: State must be a US state code (two letters, e.g. TX)'],
    ['TEX', 'Error: State must be at most 2 characters'],
  ])('When a dealer is created in state %s, Then 400 with %s', async (state, detail) => {
    const res = await create({ state });
    expect([res.status, res.body.detail]).toEqual([400, detail]);
  });

  test('When a dealer is in DC or a state typed in lower case, Then it is accepted as the code', async () => {
    expect((await create({ state: 'dc' })).body.dealer.state).toBe('DC');
    expect((await create({ state: 'wy' })).body.dealer.state).toBe('WY');
  });

  test('When the edit form or the dealer profile names a state that does not exist, Then 400', async () => {
    const form = dealerForm();
    const created = (await api().post('/api/admin/create-dealer').set('authorization', admin).send(form)).body;
    const edit = await api()
      .put(`/api/admin/update-dealer/${created.dealer_id}`)
      .set('authorization', admin)
      .send(dealerForm({ state: 'XX' }));
    expect([edit.status, edit.body.detail]).toEqual([
      400,
      'Error: State must be a US state code (two letters, e.g. TX)',
    ]);
    const token = await portal.services.signIn(form.email, created.temporary_password);
    const { email: _email, zone: _zone, ...profile } = dealerForm({ state: 'QQ' });
    const own = await api().put('/api/dealer/profile').set('authorization', `Bearer ${token}`).send(profile);
    expect([own.status, own.body.detail]).toEqual([400, 'Error: State must be a US state code (two letters, e.g. TX)']);
  });
});
