import { readdir, readFile } from 'node:fs/promises';
import { endpoints } from '@portal/contracts';
import { ConfigError, loadConfig } from '@portal/platform';
import { bearer, startTestService } from '@portal/platform/testing';
import request from 'supertest';
import { dealerService } from '../src/app';
import { DealerConfig } from '../src/config';
import { dealerForm, eventually, startPortal, type TestPortal } from './support/portal';

let portal: TestPortal;
let admin: string;
beforeAll(async () => {
  portal = await startPortal('dealer_admin');
  admin = `Bearer ${portal.adminToken}`;
});
afterAll(() => portal?.stop());

const api = () => request(portal.dealer.app);
const signIn = (email: string, password: string) =>
  request(portal.identity.app).post('/api/auth/login').send({ email, password });
async function createDealer(overrides: Record<string, unknown> = {}) {
  const res = await api().post('/api/admin/create-dealer').set('authorization', admin).send(dealerForm(overrides));
  expect(res.status).toBe(200);
  return res.body as { dealer_id: string; temporary_password: string; dealer: { email: string } };
}
const activeIds = async () =>
  (
    (await api().get('/api/admin/all-dealers-enhanced').set('authorization', admin)).body.dealers as {
      dealer_id: string;
    }[]
  ).map((d) => d.dealer_id);

describe('creating a dealer', () => {
  test.each([
    [{ business_name: '', full_name: ' ' }, 'Error: Either Name (business) or Full Name must be provided'],
    [{ phone: '', city: '', zone: '' }, 'Error: Missing required fields: phone, city, zone'],
    [{ email: '' }, 'Error: Missing required fields: email'],
    [{ state: 'TEX' }, 'Error: State must be at most 2 characters'],
    [{ website: 'javascript:alert(document.cookie)' }, 'Error: Website must be a valid URL'],
  ])('When the form has %j, Then 400 answers %s and no dealer is created', async (overrides, detail) => {
    const before = (await activeIds()).length;
    const res = await api().post('/api/admin/create-dealer').set('authorization', admin).send(dealerForm(overrides));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    expect((await activeIds()).length).toBe(before);
  });

  test('When an admin creates a dealer, Then it answers the dealer and a temporary password that signs the dealer in', async () => {
    const created = await createDealer({ email: 'Hunter@Example.com', website: 'ridge.example.com' });
    expect(created.dealer_id).toMatch(/^D[2-9A-HJ-NP-TV-Z]{8}$/);
    expect(created.dealer).toMatchObject({
      email: 'hunter@example.com',
      status: 'active',
      archived: false,
      use_own_website: true,
    });
    const session = await signIn('hunter@example.com', created.temporary_password);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ role: 'dealer', dealer_id: created.dealer_id });
    const info = await request(portal.identity.app)
      .get(`/api/admin/dealer-login-info/${created.dealer_id}`)
      .set('authorization', admin);
    expect(info.body.login_info).toMatchObject({
      email: 'hunter@example.com',
      is_active: true,
      last_login: expect.any(String),
    });
  });

  test('When the email already belongs to a dealer, Then 409 and no second login is made', async () => {
    const first = await createDealer();
    const again = await api()
      .post('/api/admin/create-dealer')
      .set('authorization', admin)
      .send(dealerForm({ email: first.dealer.email }));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Error: A dealer with this email already exists');
  });

  test('When identity is down, Then 503 says so and the dealer is not half-created', async () => {
    // started alone, the harness points IDENTITY_URL at a closed port
    const cutOff = await startTestService(dealerService, {
      prefix: 'dealer_cutoff',
      env: { IDENTITY_TIMEOUT_MS: '500' },
    });
    try {
      const form = dealerForm();
      const res = await cutOff
        .http()
        .post('/api/admin/create-dealer')
        .set(bearer(cutOff.tokenFor({ role: 'admin' })))
        .send(form);
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe(
        'Error: The login service is unavailable, so the dealer was not created. Please try again.',
      );
      const rows = await cutOff.service.ctx.db.query('SELECT 1 FROM dealers WHERE email = $1', [form.email]);
      expect(rows).toHaveLength(0);
    } finally {
      await cutOff.stop();
    }
  });

  test('When saving the dealer fails after identity created its login, Then the login is removed again', async () => {
    const form = dealerForm({ email: 'doomed.dealer@example.com' });
    // the row is refused by the database itself, after the login exists: a failure create-dealer cannot foresee
    await portal.dealer.ctx.db.query(`CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'doomed.dealer@example.com' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`);
    await portal.dealer.ctx.db.query(
      'CREATE TRIGGER refuse_doomed BEFORE INSERT ON dealers FOR EACH ROW EXECUTE FUNCTION refuse_doomed()',
    );
    // which dealer id the login was created under: the path of the call to identity
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      const res = await api().post('/api/admin/create-dealer').set('authorization', admin).send(form);
      expect(res.status).toBe(500);
      const loginCall = fetchSpy.mock.calls
        .map(([url]) => String(url))
        .find((url) => /\/api\/admin\/create-dealer-login\//.test(url));
      const dealerId = loginCall?.split('/').pop() as string;
      expect(dealerId).toMatch(/^D/);
      const info = await request(portal.identity.app)
        .get(`/api/admin/dealer-login-info/${dealerId}`)
        .set('authorization', admin);
      expect(info.status).toBe(200);
      expect(info.body.login_info).toBeNull();
      expect((await signIn(form.email, 'anything at all')).status).toBe(401);
    } finally {
      fetchSpy.mockRestore();
      await portal.dealer.ctx.db.query('DROP TRIGGER refuse_doomed ON dealers');
      await portal.dealer.ctx.db.query('DROP FUNCTION refuse_doomed()');
    }
  });

  test('When IDENTITY_URL is not configured, Then the dealer service refuses to start and says why', () => {
    const { IDENTITY_URL: _identity, ...withoutIdentity } = portal.dealerEnv;
    expect(() => loadConfig(DealerConfig, withoutIdentity)).toThrow(ConfigError);
    expect(() => loadConfig(DealerConfig, withoutIdentity)).toThrow(/IDENTITY_URL/);
  });
});

describe('editing, zones and notes', () => {
  test('When the edit form has no name, Then the edit message; with a name the dealer is saved', async () => {
    const { dealer_id } = await createDealer();
    const path = `/api/admin/update-dealer/${dealer_id}`;
    const noName = await api()
      .put(path)
      .set('authorization', admin)
      .send(dealerForm({ full_name: '', business_name: '' }));
    expect(noName.status).toBe(400);
    expect(noName.body.detail).toBe('Error: Please provide either a Full Name or Business Name (or both)');
    const missing = await api()
      .put(path)
      .set('authorization', admin)
      .send(dealerForm({ zip_code: '' }));
    expect(missing.body.detail).toBe('Error: Missing required fields: zip_code');
    const saved = await api()
      .put(path)
      .set('authorization', admin)
      .send(
        dealerForm({
          business_name: 'Renamed Blinds',
          description: 'Family shop',
          created_at: '2020-05-01T00:00:00.000Z',
        }),
      );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      message: 'Dealer updated successfully!',
      dealer: { business_name: 'Renamed Blinds', created_at: '2020-05-01T00:00:00.000Z' },
    });
    expect(
      (await api().put('/api/admin/update-dealer/NOPE').set('authorization', admin).send(dealerForm())).status,
    ).toBe(404);
  });

  test('When the bulk zone change lacks a zone or dealers, Then the spec message; otherwise every dealer moves', async () => {
    const a = await createDealer();
    const b = await createDealer();
    for (const body of [{ dealer_ids: [a.dealer_id] }, { zone: 'Western Zone', dealer_ids: [] }, {}]) {
      const res = await api().post('/api/admin/bulk-update-dealer-zone').set('authorization', admin).send(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Error: Please select a zone and dealers');
    }
    const moved = await api()
      .post('/api/admin/bulk-update-dealer-zone')
      .set('authorization', admin)
      .send({ zone: 'Western Zone', dealer_ids: [a.dealer_id, b.dealer_id] });
    expect(moved.body).toMatchObject({ success: true, updated_count: 2 });
    const list = (await api().get('/api/admin/dealers-list').set('authorization', admin)).body.dealers as {
      dealer_id: string;
      zone: string;
    }[];
    expect(list.filter((d) => [a.dealer_id, b.dealer_id].includes(d.dealer_id)).map((d) => d.zone)).toEqual([
      'Western Zone',
      'Western Zone',
    ]);
  });

  test('When notes are added, Then they list newest first with the author and a formatted date', async () => {
    const { dealer_id } = await createDealer();
    const add = (note_text: string) =>
      api().post(`/api/admin/add-dealer-note/${dealer_id}`).set('authorization', admin).send({ note_text });
    expect((await add('  ')).body.detail).toBe('Error: Please enter a note');
    expect((await add('Called about spring order')).body).toMatchObject({ message: 'Note added successfully!' });
    await add('Sent catalogue');
    const notes = (await api().get(`/api/admin/dealer-notes/${dealer_id}`).set('authorization', admin)).body.notes;
    expect(notes.map((n: { note_text: string }) => n.note_text)).toEqual([
      'Sent catalogue',
      'Called about spring order',
    ]);
    expect(notes[0]).toMatchObject({
      created_by_name: 'Administrator',
      // in the system timezone (Chicago until identity announces another), with its abbreviation
      formatted_date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M C[SD]T$/),
    });
    expect((await api().get('/api/admin/dealer-notes/NOPE').set('authorization', admin)).status).toBe(404);
  });

  const notesOf = async (dealerId: string) =>
    (await api().get(`/api/admin/dealer-notes/${dealerId}`).set('authorization', admin)).body.notes.map(
      (n: { note_text: string }) => n.note_text,
    );

  test('When a note is sent as a urlencoded form, Then its note_text is saved', async () => {
    const { dealer_id } = await createDealer();
    const res = await api()
      .post(`/api/admin/add-dealer-note/${dealer_id}`)
      .set('authorization', admin)
      .type('form')
      .send('note_text=From+a+form%20%26+more');
    expect([res.status, res.body.message]).toEqual([200, 'Note added successfully!']);
    expect(await notesOf(dealer_id)).toEqual(['From a form & more']);
  });

  test('When a note is sent as multipart/form-data, Then its note_text is saved', async () => {
    const { dealer_id } = await createDealer();
    const res = await api()
      .post(`/api/admin/add-dealer-note/${dealer_id}`)
      .set('authorization', admin)
      .field('note_text', 'From a multipart form');
    expect([res.status, res.body.message]).toEqual([200, 'Note added successfully!']);
    expect(await notesOf(dealer_id)).toEqual(['From a multipart form']);
  });

  test('When a note is sent as JSON, Then its note_text is saved; a blank one in any encoding gets the spec message', async () => {
    const { dealer_id } = await createDealer();
    const path = `/api/admin/add-dealer-note/${dealer_id}`;
    const res = await api().post(path).set('authorization', admin).send({ note_text: 'From JSON' });
    expect(res.status).toBe(200);
    expect(await notesOf(dealer_id)).toEqual(['From JSON']);
    const blankForm = await api().post(path).set('authorization', admin).type('form').send('note_text=+');
    const blankMultipart = await api().post(path).set('authorization', admin).field('note_text', ' ');
    for (const blank of [blankForm, blankMultipart]) {
      expect([blank.status, blank.body.detail]).toEqual([400, 'Error: Please enter a note']);
    }
  });
});

describe('archive, restore, delete', () => {
  test('When a dealer is archived, Then it leaves the lists, the map counts and sign-in; restored, it is back', async () => {
    const created = await createDealer({ state: 'WY' });
    const stats = async () => (await api().get('/api/admin/dashboard-stats').set('authorization', admin)).body;
    expect((await stats()).dealer_counts.by_state.WY).toBe(1);

    const archived = await api().post(`/api/admin/archive-dealer/${created.dealer_id}`).set('authorization', admin);
    expect(archived.body).toEqual({ success: true, message: 'Dealer archived successfully!' });
    expect(await activeIds()).not.toContain(created.dealer_id);
    expect((await stats()).dealer_counts.by_state.WY).toBeUndefined();
    const archivedList = (await api().get('/api/admin/archived-dealers').set('authorization', admin)).body.dealers;
    expect(archivedList[0]).toMatchObject({
      dealer_id: created.dealer_id,
      archived: true,
      status: 'archived',
      archived_at: expect.any(String),
    });
    await eventually(async () => {
      const refused = await signIn(created.dealer.email, created.temporary_password);
      expect(refused.status).toBe(401);
      expect(refused.body.detail).toBe('This account is not active. Please contact administration.');
    });
    expect(
      (await api().post(`/api/admin/archive-dealer/${created.dealer_id}`).set('authorization', admin)).body.detail,
    ).toBe('Error: Dealer is already archived');

    const restored = await api().post(`/api/admin/restore-dealer/${created.dealer_id}`).set('authorization', admin);
    expect(restored.body).toEqual({ success: true, message: 'Dealer restored successfully!' });
    expect(await activeIds()).toContain(created.dealer_id);
    await eventually(async () =>
      expect((await signIn(created.dealer.email, created.temporary_password)).status).toBe(200),
    );
  });

  test('When a dealer is deleted, Then it is gone with its login', async () => {
    const created = await createDealer();
    const res = await api().delete(`/api/admin/delete-dealer/${created.dealer_id}`).set('authorization', admin);
    expect(res.body).toEqual({ success: true, message: 'Dealer deleted successfully!' });
    expect((await api().get(`/api/admin/dealer-notes/${created.dealer_id}`).set('authorization', admin)).status).toBe(
      404,
    );
    await eventually(async () => {
      const info = await request(portal.identity.app)
        .get(`/api/admin/dealer-login-info/${created.dealer_id}`)
        .set('authorization', admin);
      expect(info.body.login_info).toBeNull();
    });
    expect(
      (await api().delete(`/api/admin/delete-dealer/${created.dealer_id}`).set('authorization', admin)).status,
    ).toBe(404);
  });
});

describe('pending dealers', () => {
  const addApplicant = async (email: string) => {
    const id = `P${Math.random().toString(36).slice(2, 9)}`;
    await portal.dealer.ctx.db.query(
      `INSERT INTO dealers (dealer_id, business_name, email, state, status, announced) VALUES ($1, 'Applicant Co', $2, 'TX', 'pending', false)`,
      [id, email],
    );
    return id;
  };

  test('When an admin approves or rejects an applicant, Then it becomes active or archived with the decision noted', async () => {
    const approveId = await addApplicant('applicant.one@example.com');
    const rejectId = await addApplicant('applicant.two@example.com');
    const pending = (await api().get('/api/admin/pending-dealers').set('authorization', admin)).body.dealers.map(
      (d: { dealer_id: string }) => d.dealer_id,
    );
    expect(pending).toEqual(expect.arrayContaining([approveId, rejectId]));
    expect(await activeIds()).not.toContain(approveId);

    const approve = await api()
      .post('/api/admin/dealer-action')
      .set('authorization', admin)
      .send({ dealer_id: approveId, action: 'approve', notes: 'Good fit' });
    expect(approve.body).toMatchObject({ success: true, dealer: { status: 'active' } });
    const reject = await api()
      .post('/api/admin/dealer-action')
      .set('authorization', admin)
      .send({ dealer_id: rejectId, action: 'reject' });
    expect(reject.body.dealer).toMatchObject({ status: 'archived', archived: true });
    expect(await activeIds()).toContain(approveId);
    const notes = (await api().get(`/api/admin/dealer-notes/${approveId}`).set('authorization', admin)).body.notes;
    expect(notes[0].note_text).toBe('Approved: Good fit');

    const again = await api()
      .post('/api/admin/dealer-action')
      .set('authorization', admin)
      .send({ dealer_id: approveId, action: 'reject' });
    expect(again.body.detail).toBe('Error: Dealer is not pending');
    const badAction = await api()
      .post('/api/admin/dealer-action')
      .set('authorization', admin)
      .send({ dealer_id: approveId, action: 'ban' });
    expect(badAction.status).toBe(400);
  });
});

describe('lists and roles', () => {
  test('When the enhanced list is read, Then it matches the contract, is sorted by state and names the states', async () => {
    await createDealer({ state: 'AL' });
    const res = await api().get('/api/admin/all-dealers-enhanced').set('authorization', admin);
    const body = endpoints['admin.allDealersEnhanced'].response.parse(res.body);
    const states = body.dealers.map((d) => d.state as string);
    expect(states).toEqual([...states].sort());
    expect(body.available_states).toEqual([...new Set(states)].sort());
    expect(
      endpoints['admin.archivedDealers'].response.safeParse(
        (await api().get('/api/admin/archived-dealers').set('authorization', admin)).body,
      ).success,
    ).toBe(true);
  });

  test('When a dealer is edited or archived, Then the next read of the lists shows it (no list is kept between reads)', async () => {
    const { dealer_id } = await createDealer({ state: 'WY' });
    const list = '/api/admin/all-dealers-enhanced';
    const first = await api().get(list).set('authorization', admin);
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    // the pickers' list holds the same dealers
    const pickers = await api().get('/api/admin/dealers-list').set('authorization', admin);
    expect(pickers.body).toEqual({ success: true, dealers: first.body.dealers });

    const edit = await api()
      .put(`/api/admin/update-dealer/${dealer_id}`)
      .set('authorization', admin)
      .send(dealerForm({ business_name: 'Fresh Answer Blinds', state: 'WY' }));
    expect(edit.status).toBe(200);
    const edited = await api().get(list).set('authorization', admin);
    expect(edited.status).toBe(200);
    expect(edited.body.dealers.find((d: { dealer_id: string }) => d.dealer_id === dealer_id)).toMatchObject({
      business_name: 'Fresh Answer Blinds',
    });
    await api().post(`/api/admin/archive-dealer/${dealer_id}`).set('authorization', admin).expect(200);
    const archived = await api().get(list).set('authorization', admin);
    expect(archived.status).toBe(200);
    expect(archived.body.dealers.map((d: { dealer_id: string }) => d.dealer_id)).not.toContain(dealer_id);
  });

  test('When delivery reads the dealer lists, Then it may; every other admin endpoint refuses delivery and dealers', async () => {
    const delivery = `Bearer ${portal.tokenFor({ role: 'delivery' })}`;
    const dealer = `Bearer ${portal.tokenFor({ role: 'dealer', dealerId: 'DANYONE' })}`;
    expect((await api().get('/api/admin/dealers-list').set('authorization', delivery)).status).toBe(200);
    expect((await api().get('/api/admin/all-dealers-enhanced').set('authorization', delivery)).status).toBe(200);
    expect((await api().get('/api/admin/all-dealers-enhanced').set('authorization', dealer)).status).toBe(403);
    const adminOnly = Object.values(endpoints).filter(
      (e) =>
        e.owner === 'dealer' &&
        e.access.kind === 'roles' &&
        e.access.roles.length === 1 &&
        e.access.roles[0] === 'admin',
    );
    expect(adminOnly.length).toBe(15);
    for (const e of adminOnly) {
      const path = e.path.replace('{dealer_id}', 'DANYONE');
      const call = (auth?: string) => {
        const r = request(portal.dealer.app)[e.method.toLowerCase() as 'get'](path);
        return auth ? r.set('authorization', auth) : r;
      };
      expect([e.id, (await call(delivery)).status]).toEqual([e.id, 403]);
      expect([e.id, (await call(dealer)).status]).toEqual([e.id, 403]);
      expect([e.id, (await call()).status]).toEqual([e.id, 401]);
    }
  });
});

describe('an imported dealer accepting its invitation', () => {
  test('When the dealer signs up with its name and phone, Then they reach its dealer record', async () => {
    const form = dealerForm();
    const imported = await api()
      .post('/api/admin/bulk-import-dealers')
      .set('authorization', admin)
      .send({ dealers: [form] });
    expect(imported.body.results.successful_imports).toBe(1);
    const { dealer_id } = (
      await portal.dealer.ctx.db.query('SELECT dealer_id FROM dealers WHERE email = $1', [form.email])
    )[0];
    const sent = await request(portal.identity.app)
      .post(`/api/admin/send-login-invitation/${dealer_id}`)
      .set('authorization', admin)
      .send({ email: form.email });
    expect(sent.body.message).toBe('Login invitation sent successfully!');
    const mailDir = `/tmp/${portal.db.name}/mail`;
    const files = await readdir(mailDir);
    // the mail to this dealer (an approved applicant of another test is invited too)
    const mail = (await Promise.all(files.map((f) => readFile(`${mailDir}/${f}`, 'utf8'))))
      .filter((text) => text.includes(form.email))
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /action=dealer-signup&token=([\w-]+)/.exec(mail)?.[1];
    const done = await request(portal.identity.app)
      .post('/api/dealer/complete-signup')
      .send({ token, password: 'my own password', full_name: 'Jane Q. Ridge', phone: '555-7777' });
    expect(done.status).toBe(200);
    await eventually(async () => {
      const dealer = (await api().get('/api/admin/dealers-list').set('authorization', admin)).body.dealers.find(
        (d: { dealer_id: string }) => d.dealer_id === dealer_id,
      );
      expect(dealer).toMatchObject({ full_name: 'Jane Q. Ridge', phone: '555-7777' });
    });
    expect((await signIn(form.email, 'my own password')).body.user).toMatchObject({ role: 'dealer', dealer_id });
  });
});
