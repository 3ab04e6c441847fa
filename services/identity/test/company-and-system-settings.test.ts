import { DEFAULT_NOTIFICATION_SETTINGS, type EventEnvelope } from '@portal/contracts';
import { createInProcessTransport, createLogger } from '@portal/platform';
import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

let identity: TestIdentity;
let adminToken: string;
const transport = createInProcessTransport({ logger: createLogger('bus', 'silent') });
/** settings.zones_changed as another service (dealer) receives it over the event bus */
const zoneEvents: EventEnvelope[] = [];
/** settings.timezone_changed as another service (order) receives it over the event bus */
const timezoneEvents: EventEnvelope[] = [];

beforeAll(async () => {
  await transport.subscribe('dealer', ['settings.zones_changed'], async ({ envelope }) => {
    zoneEvents.push(envelope);
  });
  await transport.subscribe('order', ['settings.timezone_changed'], async ({ envelope }) => {
    timezoneEvents.push(envelope);
  });
  identity = await startIdentity('identity_settings', {}, { transport });
  adminToken = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
  await transport.close();
});

const admin = () => ({
  get: (path: string) => identity.http().get(path).set(bearer(adminToken)),
  put: (path: string, body: object) => identity.http().put(path).set(bearer(adminToken)).send(body),
  post: (path: string, body: object) => identity.http().post(path).set(bearer(adminToken)).send(body),
});

async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const COMPANY = {
  company_name: 'Ridge Line Blinds',
  business_type: 'Hunting Blind Manufacturer',
  email: 'Office@RidgeLine.example',
  phone: '555-0100',
  address: '1 Timber Road',
  city: 'Bozeman',
  state: 'mt',
  zip_code: '59715',
};

describe('Company Settings', () => {
  test('When nothing is saved yet, Then blank settings come back, publicly too, with maintenance off', async () => {
    const res = await admin().get('/api/admin/company-settings');
    expect(res.status).toBe(200);
    expect(res.body.settings).toMatchObject({ company_name: '', email: '', state: '' });
    const pub = await identity.http().get('/api/public/company-settings');
    expect(pub.status).toBe(200);
    expect(pub.body).toEqual({
      success: true,
      settings: res.body.settings,
      maintenance_mode: false,
      system_timezone: 'America/Chicago',
    });
  });

  test('When an admin saves them, Then the admin and the public (no token) read the same values', async () => {
    const res = await admin().put('/api/admin/company-settings', COMPANY);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Company settings saved successfully! This will appear on all invoices.');
    const expected = { ...COMPANY, email: 'office@ridgeline.example', state: 'MT', dealer_application_url: '' };
    expect(res.body.settings).toEqual(expected);
    expect((await admin().get('/api/admin/company-settings')).body.settings).toEqual(expected);
    expect((await identity.http().get('/api/public/company-settings')).body.settings).toEqual(expected);
  });

  test('When the company name or email is missing, Then "Company name and email are required" and nothing changes', async () => {
    for (const body of [
      { ...COMPANY, company_name: '  ' },
      { ...COMPANY, email: undefined },
    ]) {
      const res = await admin().put('/api/admin/company-settings', body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Error: Company name and email are required');
    }
    expect((await admin().get('/api/admin/company-settings')).body.settings.company_name).toBe('Ridge Line Blinds');
  });

  test('When the state is longer than 2 letters or the email malformed, Then 400 with the reason', async () => {
    const state = await admin().put('/api/admin/company-settings', { ...COMPANY, state: 'Montana' });
    expect(state.status).toBe(400);
    expect(state.body.detail).toBe('Error: State must be at most 2 characters');
    const email = await admin().put('/api/admin/company-settings', { ...COMPANY, email: 'office' });
    expect(email.status).toBe(400);
    expect(email.body.detail).toMatch(/valid email/);
  });

  test('When a dealer application page is named, Then Apply Now may open it; only an http(s) address is kept', async () => {
    const url = 'https://ridgeline.example/become-a-dealer';
    const saved = await admin().put('/api/admin/company-settings', { ...COMPANY, dealer_application_url: ` ${url} ` });
    expect(saved.status).toBe(200);
    expect((await identity.http().get('/api/public/company-settings')).body.settings.dealer_application_url).toBe(url);
    for (const bad of ['javascript:alert(1)', 'ridgeline.example/apply', 'ftp://ridgeline.example/apply']) {
      const res = await admin().put('/api/admin/company-settings', { ...COMPANY, dealer_application_url: bad });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Error: Dealer application URL must start with https:// or http://');
    }
    // left out or blank: the portal's own application page again
    await admin().put('/api/admin/company-settings', COMPANY);
    expect((await admin().get('/api/admin/company-settings')).body.settings.dealer_application_url).toBe('');
  });
});

describe('System Configuration', () => {
  test('When nothing is saved yet, Then Chicago time, no maintenance, the four default zones and 30-day terms', async () => {
    const res = await admin().get('/api/admin/system-configuration');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      configuration: {
        system_timezone: 'America/Chicago',
        maintenance_mode: false,
        zones: ['Eastern Zone', 'Midwest Zone', 'Southern Zone', 'Western Zone'],
        require_admin_mfa: false,
        default_payment_terms_days: 30,
      },
    });
  });

  test('When a zone is added, Then it is saved and other services learn the new list through settings.zones_changed', async () => {
    const zones = ['Eastern Zone', 'Midwest Zone', 'Southern Zone', 'Western Zone', 'Northern Zone'];
    const res = await admin().post('/api/admin/system-configuration', { zones });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('System configuration saved successfully!');
    expect(res.body.configuration.zones).toEqual(zones);
    const received = await eventually(
      () => zoneEvents,
      (e) => e.length > 0,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'settings.zones_changed', producer: 'identity', payload: { zones } });
  });

  const outboxTypes = async (type: string) => {
    const rows: { type: string }[] = await identity.service.ctx.db.query('SELECT type FROM outbox WHERE type = $1', [
      type,
    ]);
    return rows.length;
  };

  test('When only the timezone changes, Then zones keep their value, no zones event is sent, and settings.timezone_changed is sent once', async () => {
    expect(await outboxTypes('settings.timezone_changed')).toBe(0); // saving zones alone announced no timezone
    const res = await admin().post('/api/admin/system-configuration', { system_timezone: 'America/Denver' });
    expect(res.body.configuration).toMatchObject({ system_timezone: 'America/Denver' });
    expect(res.body.configuration.zones).toContain('Northern Zone');
    expect(await outboxTypes('settings.zones_changed')).toBe(1);
    expect(await outboxTypes('settings.timezone_changed')).toBe(1);
    const received = await eventually(
      () => timezoneEvents,
      (e) => e.length > 0,
    );
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'settings.timezone_changed',
      producer: 'identity',
      payload: { system_timezone: 'America/Denver' },
    });
    // the browser shows every date in it: anyone may read which
    expect((await identity.http().get('/api/public/company-settings')).body.system_timezone).toBe('America/Denver');
  });

  test('When the same timezone is saved again, alone or with other fields, Then no settings.timezone_changed is sent', async () => {
    const again = await admin().post('/api/admin/system-configuration', { system_timezone: 'America/Denver' });
    expect(again.status).toBe(200);
    const withOthers = await admin().post('/api/admin/system-configuration', {
      system_timezone: 'America/Denver',
      maintenance_mode: false,
    });
    expect(withOthers.status).toBe(200);
    expect(await outboxTypes('settings.timezone_changed')).toBe(1);
    expect(timezoneEvents).toHaveLength(1);
  });

  test('When a zone is repeated (in any case) or blank, or every zone removed, Then the spec messages and nothing changes', async () => {
    const post = (zones: unknown) => admin().post('/api/admin/system-configuration', { zones });
    expect((await post(['Eastern Zone', 'Eastern Zone'])).body.detail).toBe('Error: Zone already exists');
    expect((await post(['Eastern Zone', 'eastern zone'])).body.detail).toBe('Error: Zone already exists');
    const empty = await post([]);
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Error: At least one zone must remain');
    expect((await post(['Eastern Zone', '  '])).body.detail).toBe('Error: Zone name is required');
    expect((await admin().get('/api/admin/system-configuration')).body.configuration.zones).toHaveLength(5);
  });

  test('When the timezone is not one of the four choices, Then 400', async () => {
    const res = await admin().post('/api/admin/system-configuration', { system_timezone: 'Europe/Paris' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/system_timezone/);
  });
});

describe('Maintenance mode', () => {
  afterAll(async () => {
    await admin().post('/api/admin/system-configuration', { maintenance_mode: false });
  });

  test('When it is on, Then dealers and delivery users cannot sign in, admins can, and the public answer says so', async () => {
    await identity.addUser({
      email: 'dealer@example.com',
      password: 'dealer password',
      role: 'dealer',
      dealerId: 'D-1',
    });
    await identity.addUser({ email: 'driver@example.com', password: 'driver password', role: 'delivery' });
    const on = await admin().post('/api/admin/system-configuration', { maintenance_mode: true });
    expect(on.body.configuration.maintenance_mode).toBe(true);

    expect((await identity.http().get('/api/public/company-settings')).body.maintenance_mode).toBe(true);
    for (const [email, password] of [
      ['dealer@example.com', 'dealer password'],
      ['driver@example.com', 'driver password'],
    ]) {
      const res = await identity.http().post('/api/auth/login').send({ email, password });
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('The portal is under maintenance. Please try again later.');
    }
    // a wrong password still answers the usual 401: maintenance reveals nothing about accounts
    const wrong = await identity
      .http()
      .post('/api/auth/login')
      .send({ email: 'dealer@example.com', password: 'nope nope' });
    expect(wrong.status).toBe(401);
    expect((await identity.http().post('/api/auth/login').send(FIRST_ADMIN)).status).toBe(200);

    await admin().post('/api/admin/system-configuration', { maintenance_mode: false });
    expect(await identity.signIn('dealer@example.com', 'dealer password')).toEqual(expect.any(String));
  });
});

describe('Notification settings', () => {
  test('When nothing is saved yet, Then the spec defaults: thresholds 1000 and the daily report at 08:00', async () => {
    const res = await admin().get('/api/admin/notification-settings');
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(res.body.settings).toMatchObject({
      large_order_threshold: 1000,
      revenue_threshold: 1000,
      daily_report_time: '08:00',
    });
  });

  test('When some are sent with the system configuration, Then those change and the others keep their value', async () => {
    const res = await admin().post('/api/admin/system-configuration', {
      notification_settings: {
        large_order_threshold: 2500,
        daily_report_time: '07:30',
        notify_daily_reports: true,
        notification_email: 'Alerts@Example.com',
      },
    });
    expect(res.status).toBe(200);
    const settings = (await admin().get('/api/admin/notification-settings')).body.settings;
    expect(settings).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      large_order_threshold: 2500,
      daily_report_time: '07:30',
      notify_daily_reports: true,
      notification_email: 'alerts@example.com',
    });
  });

  test('When a value is invalid, Then 400 with the reason and nothing changes', async () => {
    const post = (notification_settings: object) =>
      admin().post('/api/admin/system-configuration', { notification_settings });
    expect((await post({ daily_report_time: '25:00' })).body.detail).toBe(
      'Error: Daily report time must be HH:MM (00:00 to 23:59)',
    );
    expect((await post({ revenue_threshold: -1 })).body.detail).toBe('Error: Threshold must not be negative');
    expect((await post({ notification_email: 'nope' })).body.detail).toMatch(/valid email/);
    expect((await admin().get('/api/admin/notification-settings')).body.settings.daily_report_time).toBe('07:30');
  });
});
