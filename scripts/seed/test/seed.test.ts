/**
 * `make seed` against the built one-machine portal on a fresh database, at a small scale: the first run makes
 * what the plan says, the second adds nothing, and a portal holding other data is refused unless --force.
 * Needs the build (deploy/local/dist); the web client is not needed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { type EndpointDef, type EndpointId, type Endpoints, endpoints, type ResponseOf } from '@portal/contracts';
import { benchPortal, REPO, requireFiles } from '../../bench/lib/portal.mjs';
import { makePlan, planFigures } from '../lib/plan.mjs';

const SCALE = '0.05';
const admin = { email: 'admin@seed.test', password: 'Seed-test-password-1' };
const SEED = path.join(REPO, 'scripts/seed/seed.mjs');

jest.setTimeout(240_000);

type Answer<Id extends EndpointId> = ResponseOf<Endpoints[Id]>;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runSeed(url: string, args: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SEED, '--json', ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SEED_URL: url,
        SEED_SCALE: SCALE,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('make seed', () => {
  const portal = benchPortal({ prefix: 'seed_test', admin, webDist: path.join(REPO, 'web/dist') });
  let url: string;
  let auth: Record<string, string>;

  /** The admin's answer of a contract GET endpoint without parameters. */
  const get = async <E extends EndpointDef>(endpoint: E): Promise<ResponseOf<E>> => {
    const res = await fetch(`${url}${endpoint.path}`, { headers: auth });
    expect(res.status).toBe(200);
    return (await res.json()) as ResponseOf<E>;
  };

  /** What the portal holds, read by the test itself (not by the seed). */
  const counts = async () => {
    const [active, archived, products, pictures, orders, shipments, programs] = await Promise.all([
      get(endpoints['admin.allDealersEnhanced']),
      get(endpoints['admin.archivedDealers']),
      get(endpoints['admin.products']),
      get(endpoints['admin.pictures']),
      get(endpoints['admin.allOrders']),
      get(endpoints['admin.shipments']),
      get(endpoints['admin.incentivePrograms']),
    ]);
    const byStatus: Record<string, number> = {};
    for (const order of orders.orders) byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    return {
      active: active.dealers.length,
      archived: archived.dealers.length,
      states: new Set(active.dealers.map((d) => d.state)).size,
      products: products.products.length,
      pictures: pictures.pictures.length,
      orders: orders.orders.length,
      payments: orders.orders.reduce((sum: number, o: { payments: unknown[] }) => sum + o.payments.length, 0),
      byStatus,
      shipments: shipments.shipments.length,
      programs: programs.programs.length,
    };
  };

  beforeAll(async () => {
    requireFiles([[path.join(REPO, 'deploy/local/dist/start.js'), 'build the portal first: npm run build']]);
    const opened = await portal.open();
    url = opened.url;
    auth = opened.auth;
  });
  afterAll(() => portal.close());

  let first: Awaited<ReturnType<typeof counts>>;

  it('fills an empty portal with the planned business', async () => {
    const t = Date.now();
    const run = await runSeed(url);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    console.log(`first seed run: ${(Date.now() - t) / 1000} s\n${run.stderr}`);
    const summary = JSON.parse(run.stdout);

    const { configuration } = await get(endpoints['admin.systemConfiguration']);
    const plan = planFigures(makePlan({ scale: Number(SCALE), zones: configuration.zones }));
    first = await counts();
    expect(first).toEqual({
      active: plan.dealers - plan.archived,
      archived: plan.archived,
      states: expect.any(Number),
      products: plan.products,
      pictures: plan.pictures,
      orders: plan.orders,
      payments: plan.payments,
      byStatus: Object.fromEntries(Object.entries<number>(plan.byStatus).filter(([, n]) => n > 0)),
      shipments: plan.shipments,
      programs: 4,
    });
    expect(first.states).toBeGreaterThan(5);
    expect(summary.dealers.websites_published).toBe(plan.websites);
    expect(summary.dealers.on_map).toBe(plan.dealers - plan.archived);
    expect(summary.achievements['Annual Dealer Volume Program']).toBeGreaterThan(0);
    expect(summary.achievements['Last Season Volume Program']).toBe(0);
    expect(summary.added.orders).toBe(plan.orders);

    // the screens a visitor sees: a published dealer website, product pictures, the locator near a seeded dealer
    const { dealers } = await get(endpoints['admin.allDealersEnhanced']);
    const published = dealers.find((d) => d.enable_website);
    const { products } = await get(endpoints['admin.products']);
    const [someDealer] = dealers;
    const pictureUrl = products[0]?.full_image_url;
    if (!published || !someDealer || !pictureUrl)
      throw new Error('the seed made no published website, dealer or picture');
    expect((await fetch(`${url}/api/dealer-website/${published.dealer_id}`)).status).toBe(200);
    const picture = await fetch(new URL(pictureUrl, url));
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, expect.stringMatching(/^image\//)]);
    const near = await fetch(`${url}/api/public/search-dealers?query=${someDealer.zip_code}`);
    expect(near.status).toBe(200);
    const found = ((await near.json()) as Answer<'public.searchDealers'>).dealers.map((d) => d.dealer_id);
    expect(found).toContain(someDealer.dealer_id);

    // a seeded dealer signs in with the demo password and sees its own orders
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(summary.dealer_login),
    });
    expect(login.status).toBe(200);
    // a dealer signs in with the password alone (two-factor sign-in is for staff)
    const dealer = (await login.json()) as Extract<Answer<'auth.login'>, { access_token: string }>;
    const own = await fetch(`${url}/api/admin/dealer-orders/${dealer.user.dealer_id}`, {
      headers: { authorization: `Bearer ${dealer.access_token}` },
    });
    expect(own.status).toBe(200);
  });

  it('adds nothing when run again', async () => {
    const run = await runSeed(url);
    expect({ code: run.code, stderr: run.code === 0 ? '' : run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout).added).toEqual({});
    expect(await counts()).toEqual(first);
  });

  it('refuses a portal that holds other data unless --force', async () => {
    const res = await fetch(`${url}/api/admin/create-dealer`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Not From The Seed',
        email: 'owner@not-the-seed.example',
        phone: '(555) 555-0199',
        address: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        zone: (await get(endpoints['admin.systemConfiguration'])).configuration.zones[0],
      }),
    });
    expect(res.status).toBe(200);

    const refused = await runSeed(url);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already holds data the seed did not make \(1 dealer\).*--force/);

    const forced = await runSeed(url, ['--force']);
    expect({ code: forced.code, stderr: forced.code === 0 ? '' : forced.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(forced.stdout).added).toEqual({});
    expect(await counts()).toEqual({ ...first, active: first.active + 1, states: expect.any(Number) });
  });
});
