/**
 * The dealer's progress in the running programs (beyond the spec; the dealer's Overview):
 * GET /api/dealer/incentive-progress answers only for the token's dealer, only enabled programs whose dates
 * include today, per metric the dealer's figure inside the program's dates, the tiers reached and the next tier.
 */
import { isoDayIn } from '@portal/platform';
import { bearer } from '@portal/platform/testing';
import { startIncentives, type TestIncentives } from './support/incentive';

let t: TestIncentives;
beforeAll(async () => {
  t = await startIncentives('incentive_progress');
});
afterAll(() => t?.stop());

const PATH = '/api/dealer/incentive-progress';
/** program dates are days in the system timezone (Chicago: nothing announced) */
const daysFromToday = (days: number) => {
  const today = new Date(`${isoDayIn(new Date(), 'America/Chicago')}T00:00:00.000Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};
const dealerToken = (dealerId: string) => bearer(t.service.tokenFor({ role: 'dealer', dealerId }));
const progressOf = async (dealerId: string) => {
  const res = await t.api().get(PATH).set(dealerToken(dealerId));
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.programs as {
    program_id: string;
    program_name: string;
    start_date: string;
    end_date: string;
    metrics: {
      metric: string;
      value: number;
      reached: { tier_id: string; name: string; threshold: number; reward: string; achieved_at: string | null }[];
      next: { name: string; metric: string; threshold: number; reward: string; remaining: number } | null;
    }[];
  }[];
};
const createProgram = async (body: Record<string, unknown>) => {
  const res = await t
    .api()
    .post('/api/admin/incentive-programs')
    .set(t.admin)
    .send({ start_date: daysFromToday(-30), end_date: daysFromToday(30), ...body });
  expect(res.status).toBe(200);
  return res.body.program as { id: string; tiers: { id: string; name: string }[] };
};

describe('who may read the progress', () => {
  test('When an admin or a delivery user asks, Then 403; without a token 401', async () => {
    expect((await t.api().get(PATH).set(t.admin)).status).toBe(403);
    expect((await t.api().get(PATH).set(t.delivery)).status).toBe(403);
    expect((await t.api().get(PATH)).status).toBe(401);
  });

  test('When a dealer token carries no dealer id, Then 403 with a clear detail', async () => {
    const res = await t
      .api()
      .get(PATH)
      .set(bearer(t.service.tokenFor({ role: 'dealer', dealerId: null })));
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Error: No dealer record belongs to this account');
  });
});

describe("a dealer's progress", () => {
  let dealerA: string;
  let dealerB: string;

  test('When there are no programs running today, Then the list is empty (expired, future and disabled ones too)', async () => {
    dealerA = await t.newDealer();
    dealerB = await t.newDealer();
    await t.placeOrder(dealerA, [[1, 500_000]]);
    expect(await progressOf(dealerA)).toEqual([]);

    await createProgram({ program_name: 'Last Year', start_date: daysFromToday(-400), end_date: daysFromToday(-1) });
    await createProgram({ program_name: 'Next Month', start_date: daysFromToday(1), end_date: daysFromToday(40) });
    await createProgram({ program_name: 'Switched Off', enabled: false });
    expect(await progressOf(dealerA)).toEqual([]);
  });

  test("When two dealers have orders in a program, Then each sees only its own figures inside the program's dates", async () => {
    const program = await createProgram({
      program_name: 'Spring Push',
      tiers: [
        { name: 'Bronze', metric: 'revenue', value: 1000, reward: '2% off' },
        { name: 'Silver', metric: 'revenue', value: 5000, reward: '5% off' },
        { name: 'Regular', metric: 'orders', value: 5, reward: 'Free shipping' },
      ],
    });
    // dealer A: $5,000 from the first test; an order placed before the program started (outside its dates), $3,200
    // inside, and a cancelled order that does not count (Silver was reached while it counted, and stays reached)
    await t.placeOrder(dealerA, [[1, 700_000]], { createdAt: new Date(Date.now() - 60 * 86_400_000).toISOString() });
    await t.placeOrder(dealerA, [[2, 100_000]]);
    await t.placeOrder(dealerA, [[1, 120_000]]);
    const cancelled = await t.placeOrder(dealerA, [[1, 900_000]]);
    await t.updateOrder(cancelled, { status: 'cancelled' });
    // dealer B: $9,000 in one order
    await t.placeOrder(dealerB, [[3, 300_000]]);

    const [a] = (await progressOf(dealerA)).filter((p) => p.program_id === program.id);
    expect(a).toMatchObject({
      program_name: 'Spring Push',
      start_date: daysFromToday(-30),
      end_date: daysFromToday(30),
    });
    expect(a?.metrics).toEqual([
      {
        metric: 'revenue',
        value: 8200,
        reached: [
          {
            tier_id: program.tiers[0]?.id,
            name: 'Bronze',
            threshold: 1000,
            reward: '2% off',
            achieved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
          expect.objectContaining({ name: 'Silver', threshold: 5000, achieved_at: expect.any(String) }),
        ],
        next: null,
      },
      {
        metric: 'orders',
        value: 3,
        reached: [],
        next: {
          tier_id: program.tiers[2]?.id,
          name: 'Regular',
          metric: 'orders',
          threshold: 5,
          reward: 'Free shipping',
          remaining: 2,
        },
      },
    ]);

    const [b] = (await progressOf(dealerB)).filter((p) => p.program_id === program.id);
    expect(b?.metrics.map((m) => [m.metric, m.value, m.reached.map((r) => r.name), m.next?.name ?? null])).toEqual([
      ['revenue', 9000, ['Bronze', 'Silver'], null],
      ['orders', 1, [], 'Regular'],
    ]);
  });

  test('When a new dealer crosses a tier, Then the tier moves from next to reached and the next tier follows', async () => {
    const dealer = await t.newDealer();
    const program = await createProgram({
      program_name: 'Tiered',
      tiers: [
        { name: 'Silver', metric: 'revenue', value: 5000, reward: '5% off' },
        { name: 'Gold', metric: 'revenue', value: 10000, reward: '10% off' },
      ],
    });
    const revenueOf = async () =>
      (await progressOf(dealer)).find((p) => p.program_id === program.id)?.metrics.find((m) => m.metric === 'revenue');

    // no orders yet: the program is shown with 0 and the lowest tier next
    expect(await revenueOf()).toEqual({
      metric: 'revenue',
      value: 0,
      reached: [],
      next: expect.objectContaining({ name: 'Silver', threshold: 5000, remaining: 5000 }),
    });

    await t.placeOrder(dealer, [[1, 320_000]]);
    expect(await revenueOf()).toMatchObject({ value: 3200, reached: [], next: { name: 'Silver', remaining: 1800 } });

    await t.placeOrder(dealer, [[1, 180_000]]);
    const crossed = await revenueOf();
    expect(crossed?.value).toBe(5000);
    expect(crossed?.reached).toEqual([
      expect.objectContaining({ name: 'Silver', reward: '5% off', achieved_at: expect.any(String) }),
    ]);
    expect(crossed?.next).toMatchObject({ name: 'Gold', threshold: 10000, remaining: 5000 });

    // the achievement the admin sees is the same one
    const achievements = await t.api().get(`/api/admin/incentive-programs/${program.id}/achievements`).set(t.admin);
    const own = achievements.body.achievements.filter((a: { dealer_id: string }) => a.dealer_id === dealer);
    expect(own).toEqual([
      expect.objectContaining({
        tier_name: 'Silver',
        value_achieved: 5000,
        achieved_at: crossed?.reached[0]?.achieved_at,
      }),
    ]);
  });

  test('When the program is disabled, Then it leaves the progress list', async () => {
    const dealer = await t.newDealer();
    const program = await createProgram({ program_name: 'Short Lived' });
    expect((await progressOf(dealer)).map((p) => p.program_id)).toContain(program.id);
    const off = await t
      .api()
      .post(`/api/admin/incentive-programs/${program.id}/toggle`)
      .set(t.admin)
      .send({ enabled: false });
    expect(off.status).toBe(200);
    expect((await progressOf(dealer)).map((p) => p.program_id)).not.toContain(program.id);
  });
});
