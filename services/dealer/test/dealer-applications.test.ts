/**
 * Dealer applications (issue 21): a visitor applies through POST /api/public/dealer-application, the application
 * waits in pending-dealers, and an admin approves or rejects it with POST /api/admin/dealer-action. The form
 * answers the same whatever became of it (new, known email, honeypot) and is throttled per client address and
 * per email in the database, so two replicas count together.
 */
import { DEALER_APPLICATION_RECEIVED, type EventEnvelope, type PayloadOfType } from '@portal/contracts';
import {
  createInProcessTransport,
  createLogger,
  type InProcessTransport,
  type RunningService,
  startService,
} from '@portal/platform';
import { collectEvents, eventsSettled } from '@portal/platform/testing';
import request from 'supertest';
import { dealerService } from '../src/app';
import { startPortal, type TestPortal } from './support/portal';

const EVENT_TYPES = [
  'dealer.application_received',
  'dealer.application_approved',
  'dealer.application_rejected',
  'dealer.created',
  'dealer.archived',
];

let portal: TestPortal;
let admin: string;
let events: EventEnvelope[];
beforeAll(async () => {
  portal = await startPortal('dealer_applications');
  admin = `Bearer ${portal.adminToken}`;
  // as a service that does not run here would receive them
  events = await collectEvents(portal.services.transport, 'incentive', EVENT_TYPES);
});
afterAll(() => portal?.stop());

let addressCount = 0;
/** a client address of its own per test (TEST-NET-3), as the gateway forwards it */
const newAddress = () => `203.0.113.${++addressCount}`;
const unique = () => Math.random().toString(36).slice(2, 8);

function applicationForm(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    business_name: `Prairie Shades ${id}`,
    full_name: 'Pat Prairie',
    email: `pat.${id}@example.com`,
    phone: '(555) 010-3000',
    address: '9 Elm Street',
    city: 'Topeka',
    state: 'KS',
    zip_code: '66603',
    website: 'https://prairie.example.com',
    message: 'We sell blinds in three counties.',
    ...overrides,
  };
}

const apply = (form: object, address: string, app = portal.dealer.app) =>
  request(app).post('/api/public/dealer-application').set('x-forwarded-for', address).send(form);
const dealersWithEmail = async (email: string) =>
  portal.dealer.ctx.db.query('SELECT dealer_id, status, announced, zone FROM dealers WHERE email = $1', [email]);
const pendingIds = async () =>
  (
    (await request(portal.dealer.app).get('/api/admin/pending-dealers').set('authorization', admin)).body.dealers as {
      dealer_id: string;
    }[]
  ).map((d) => d.dealer_id);
const settled = () =>
  eventsSettled(portal.services.transport, [portal.dealer, portal.identity], { collectors: ['incentive'] });
const eventsOf = (type: string, dealerId: string) =>
  events.filter((e) => e.type === type && e.aggregateId === dealerId);
const decide = (dealerId: string, action: string, notes?: string) =>
  request(portal.dealer.app)
    .post('/api/admin/dealer-action')
    .set('authorization', admin)
    .send({ dealer_id: dealerId, action, ...(notes ? { notes } : {}) });

const RECEIVED = { success: true, detail: DEALER_APPLICATION_RECEIVED };

describe('applying', () => {
  test.each([
    [{ business_name: '', full_name: ' ' }, 'Error: Either Name (business) or Full Name must be provided'],
    [{ email: '' }, 'Error: Missing required fields: email'],
    [{ phone: '', city: '' }, 'Error: Missing required fields: phone, city'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ state: 'KAN' }, 'Error: State must be at most 2 characters'],
    [{ website: 'javascript:alert(1)' }, 'Error: Website must be a valid URL'],
  ])('When the form has %j, Then 400 answers %s and nothing is stored', async (overrides, detail) => {
    const form = applicationForm(overrides);
    const res = await apply(form, newAddress());
    expect([res.status, res.body.detail]).toEqual([400, detail]);
    if (form.email) expect(await dealersWithEmail(form.email)).toEqual([]);
  });

  test('When a visitor applies, Then 201 answers the one reply, a pending unannounced dealer waits with the message as its first note, and dealer.application_received is emitted', async () => {
    const form = applicationForm({ email: `Pat.${unique()}@Example.com`, zone: 'West Zone' });
    const res = await apply(form, newAddress());
    expect(res.status).toBe(201);
    expect(res.body).toEqual(RECEIVED);

    const email = form.email.toLowerCase();
    const [stored] = await dealersWithEmail(email);
    // no zone even when the form sends one: the admin who approves places the dealer
    expect(stored).toMatchObject({ status: 'pending', announced: false, zone: null });
    const dealerId = stored.dealer_id as string;
    expect(await pendingIds()).toContain(dealerId);

    const notes = (
      await request(portal.dealer.app).get(`/api/admin/dealer-notes/${dealerId}`).set('authorization', admin)
    ).body.notes;
    expect(notes).toEqual([
      expect.objectContaining({
        note_text: 'Application message: We sell blinds in three counties.',
        created_by_name: 'Pat Prairie',
      }),
    ]);

    await settled();
    const [received] = eventsOf('dealer.application_received', dealerId);
    expect(received?.payload).toEqual({
      dealer_id: dealerId,
      email,
      business_name: form.business_name,
      full_name: 'Pat Prairie',
      phone: form.phone,
      city: 'Topeka',
      state: 'KS',
      message: 'We sell blinds in three counties.',
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    } satisfies PayloadOfType<'dealer.application_received'>);
    // nobody else hears of the applicant before an admin approves it
    expect(eventsOf('dealer.created', dealerId)).toEqual([]);
  });

  test('When applications arrive, Then pending-dealers lists them oldest first', async () => {
    const address = newAddress();
    const first = applicationForm({ message: undefined });
    const second = applicationForm({ message: undefined });
    expect((await apply(first, address)).status).toBe(201);
    expect((await apply(second, address)).status).toBe(201);
    const [firstId] = (await dealersWithEmail(first.email)).map((d: { dealer_id: string }) => d.dealer_id);
    const [secondId] = (await dealersWithEmail(second.email)).map((d: { dealer_id: string }) => d.dealer_id);
    const pending = await pendingIds();
    expect(pending.indexOf(firstId)).toBeGreaterThanOrEqual(0);
    expect(pending.indexOf(firstId)).toBeLessThan(pending.indexOf(secondId));
    // an application without a message has no note
    const notes = await request(portal.dealer.app)
      .get(`/api/admin/dealer-notes/${firstId}`)
      .set('authorization', admin);
    expect(notes.body.notes).toEqual([]);
  });

  test('When the honeypot field is filled, Then the same 201 answer, and nothing is stored or emitted', async () => {
    const form = applicationForm({ company_fax: '555-0100' });
    const res = await apply(form, newAddress());
    expect([res.status, res.body]).toEqual([201, RECEIVED]);
    expect(await dealersWithEmail(form.email)).toEqual([]);
    await settled();
    expect(events.filter((e) => (e.payload as { email?: string }).email === form.email)).toEqual([]);
  });

  test('When the email is already a dealer or an applicant, Then the same answer, and no second record or event', async () => {
    const created = await request(portal.dealer.app)
      .post('/api/admin/create-dealer')
      .set('authorization', admin)
      .send({ ...applicationForm({ message: undefined }), zone: 'Midwest Zone' });
    expect(created.status).toBe(200);
    const dealerEmail = created.body.dealer.email as string;
    const applicant = applicationForm();
    const address = newAddress();
    const firstAnswer = await apply(applicant, address);
    await settled();
    const before = events.length;

    for (const form of [
      applicationForm({ email: dealerEmail.toUpperCase() }),
      applicationForm({ email: applicant.email }),
    ]) {
      const res = await apply(form, address);
      expect([res.status, res.body]).toEqual([firstAnswer.status, firstAnswer.body]);
      expect(res.headers['content-type']).toBe(firstAnswer.headers['content-type']);
    }
    expect(await dealersWithEmail(dealerEmail)).toEqual([
      expect.objectContaining({ dealer_id: created.body.dealer_id, status: 'active' }),
    ]);
    expect(await dealersWithEmail(applicant.email)).toHaveLength(1);
    await settled();
    expect(events.slice(before)).toEqual([]);
  });
});

describe('throttling across replicas', () => {
  let second: RunningService;
  let secondBus: InProcessTransport;
  beforeAll(async () => {
    const logger = createLogger('test', 'silent');
    // another process: the same database, a bus of its own (the throttle is all they share here)
    secondBus = createInProcessTransport({ logger });
    second = await startService(dealerService, portal.dealerEnv, { transport: secondBus, logger });
  });
  afterAll(async () => {
    await second?.stop();
    await secondBus?.close();
  });

  test('When one address sends a sixth application within the hour, Then 429 with Retry-After, whichever replica it reaches', async () => {
    const address = newAddress();
    for (let i = 0; i < 5; i++) {
      const res = await apply(applicationForm(), address, i % 2 ? second.app : portal.dealer.app);
      expect(res.status).toBe(201);
    }
    const refused = applicationForm();
    for (const app of [portal.dealer.app, second.app]) {
      const res = await apply(refused, address, app);
      expect([res.status, res.body.detail]).toEqual([
        429,
        'Too many applications from this address. Please try again later.',
      ]);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    expect(await dealersWithEmail(refused.email)).toEqual([]);
    // another address is not held back
    expect((await apply(applicationForm(), newAddress(), second.app)).status).toBe(201);
  });

  test('When one email is sent a fourth time within the day from other addresses, Then 429, and the honeypot is held back by address too', async () => {
    const email = `repeat.${unique()}@example.com`;
    for (let i = 0; i < 3; i++) {
      const res = await apply(applicationForm({ email }), newAddress(), i % 2 ? second.app : portal.dealer.app);
      expect([res.status, res.body]).toEqual([201, RECEIVED]);
    }
    const res = await apply(applicationForm({ email: email.toUpperCase() }), newAddress(), second.app);
    expect([res.status, res.body.detail]).toEqual([
      429,
      'Too many applications for this email address. Please try again later.',
    ]);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3600);
    expect(await dealersWithEmail(email)).toHaveLength(1);

    const bot = newAddress();
    for (let i = 0; i < 5; i++) expect((await apply(applicationForm({ company_fax: 'x' }), bot)).status).toBe(201);
    expect((await apply(applicationForm({ company_fax: 'x' }), bot, second.app)).status).toBe(429);
  });
});

describe('deciding', () => {
  async function applicantId(): Promise<string> {
    const form = applicationForm();
    expect((await apply(form, newAddress())).status).toBe(201);
    const [row] = await dealersWithEmail(form.email);
    return row.dealer_id as string;
  }

  test('When an admin approves an applicant, Then it is active and announced, and dealer.application_approved carries who to invite', async () => {
    const dealerId = await applicantId();
    const res = await decide(dealerId, 'approve', 'Strong references');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, dealer: { dealer_id: dealerId, status: 'active' } });
    expect(await pendingIds()).not.toContain(dealerId);
    const notes = (
      await request(portal.dealer.app).get(`/api/admin/dealer-notes/${dealerId}`).set('authorization', admin)
    ).body.notes.map((n: { note_text: string }) => n.note_text);
    expect(notes).toEqual(expect.arrayContaining(['Approved: Strong references']));

    await settled();
    expect(eventsOf('dealer.created', dealerId)).toHaveLength(1);
    const approved = eventsOf('dealer.application_approved', dealerId);
    expect(approved.map((e) => e.payload)).toEqual([
      {
        dealer_id: dealerId,
        email: res.body.dealer.email,
        business_name: res.body.dealer.business_name,
        full_name: 'Pat Prairie',
        approved_by: expect.any(String),
      },
    ]);
    expect(eventsOf('dealer.application_rejected', dealerId)).toEqual([]);
  });

  test('When an admin rejects an applicant, Then it is archived, dealer.application_rejected is emitted and nothing announces it', async () => {
    const dealerId = await applicantId();
    const res = await decide(dealerId, 'reject', 'Outside our area');
    expect(res.body).toMatchObject({ success: true, dealer: { status: 'archived', archived: true } });
    await settled();
    expect(eventsOf('dealer.application_rejected', dealerId).map((e) => e.payload)).toEqual([
      expect.objectContaining({ dealer_id: dealerId, full_name: 'Pat Prairie', rejected_by: expect.any(String) }),
    ]);
    expect(eventsOf('dealer.created', dealerId)).toEqual([]);
    expect(eventsOf('dealer.archived', dealerId)).toEqual([]);
  });

  test('When the dealer is not pending, Then approve and reject answer 400 and emit nothing', async () => {
    const approvedId = await applicantId();
    expect((await decide(approvedId, 'approve')).status).toBe(200);
    const rejectedId = await applicantId();
    expect((await decide(rejectedId, 'reject')).status).toBe(200);
    await settled();
    const before = events.length;
    for (const [dealerId, action] of [
      [approvedId, 'approve'],
      [approvedId, 'reject'],
      [rejectedId, 'approve'],
      [rejectedId, 'reject'],
    ] as const) {
      const res = await decide(dealerId, action);
      expect([res.status, res.body.detail]).toEqual([400, 'Error: Dealer is not pending']);
    }
    expect((await decide('DNOSUCH00', 'approve')).status).toBe(404);
    await settled();
    expect(events.slice(before)).toEqual([]);
  });
});
