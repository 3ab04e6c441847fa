/**
 * Incentive programs, their tiers, achievements and pending notifications: every endpoint with its messages
 * and roles, the spec's defaults, history evaluated on create and edit, and one achievement (and one event,
 * and one mail request) per dealer and tier whatever is delivered again.
 */
import { OrderCreated } from '@portal/contracts';
import { eventsSettled } from '@portal/platform/testing';
import { secondsFromNow, startIncentives, type TestIncentives } from './support/incentive';

let t: TestIncentives;
beforeAll(async () => {
  t = await startIncentives('incentive_programs');
});
afterAll(() => t?.stop());

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const program = (fields: Record<string, unknown> = {}) => ({
  program_name: 'Spring Push',
  start_date: daysFromToday(-30),
  end_date: daysFromToday(30),
  ...fields,
});
const create = (body: object) => t.api().post('/api/admin/incentive-programs').set(t.admin).send(body);
const achievementsOf = async (programId: string) => {
  const res = await t.api().get(`/api/admin/incentive-programs/${programId}/achievements`).set(t.admin);
  expect(res.status).toBe(200);
  return res.body.achievements as Record<string, unknown>[];
};
const eventsFor = (type: string, dealerId: string) =>
  t.events.filter((e) => e.type === type && JSON.stringify(e.payload).includes(dealerId));
/** every delivery handled and every event it emitted collected: what did not arrive is not coming */
const settle = () => eventsSettled(t.transport, [t.service.service], { collectors: ['identity'] });

describe('who may manage programs', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  test.each([
    ['get', '/api/admin/incentive-programs'],
    ['post', '/api/admin/incentive-programs'],
    ['put', `/api/admin/incentive-programs/${id}`],
    ['delete', `/api/admin/incentive-programs/${id}`],
    ['post', `/api/admin/incentive-programs/${id}/toggle`],
    ['get', `/api/admin/incentive-programs/${id}/achievements`],
    ['get', '/api/admin/pending-notifications'],
    ['post', `/api/admin/pending-notifications/${id}/handled`],
  ] as const)('When a dealer or delivery user calls %s %s, Then 403; without a token 401', async (method, path) => {
    expect((await t.api()[method](path).set(t.dealerAuth).send(program())).status).toBe(403);
    expect((await t.api()[method](path).set(t.delivery).send(program())).status).toBe(403);
    expect((await t.api()[method](path).send(program())).status).toBe(401);
  });
});

describe('creating, editing, toggling and deleting programs', () => {
  test("When an admin creates a program with only its name and dates, Then it is enabled with one tier 'Tier 1' on revenue at 10000, notify off", async () => {
    const res = await create(program());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Program created successfully!');
    expect(res.body.program).toMatchObject({ program_name: 'Spring Push', enabled: true });
    expect(res.body.program.tiers).toEqual([
      { id: expect.any(String), name: 'Tier 1', metric: 'revenue', value: 10000, reward: '', notify_dealer: false },
    ]);
    const list = await t.api().get('/api/admin/incentive-programs').set(t.admin);
    expect(list.status).toBe(200);
    expect(list.body.programs.find((p: { id: string }) => p.id === res.body.program.id)).toEqual(res.body.program);
  });

  test("When tiers come without names, Then they are named 'Tier N' by position", async () => {
    const res = await create(program({ tiers: [{ value: 5000 }, { name: 'Gold', value: 20000 }, {}] }));
    expect(res.body.program.tiers.map((tier: { name: string }) => tier.name)).toEqual(['Tier 1', 'Gold', 'Tier 3']);
  });

  test.each([
    [{ program_name: '  ' }, 'Error: Program name is required'],
    [{ program_name: undefined }, 'Error: Program name is required'],
    [{ start_date: '2025-03-10', end_date: '2025-03-09' }, 'Error: End date must not be before start date'],
    [{ start_date: '03/10/2025' }, 'Error: Start date must be a date (YYYY-MM-DD)'],
    [{ tiers: [{ value: -1 }] }, 'Error: Tier threshold must not be negative'],
    [{ tiers: [{ value: 'lots' }] }, 'Error: Tier threshold must be a number'],
    [{ tiers: [{ metric: 'profit' }] }, 'Error: Tier metric must be revenue, orders or items'],
    [{ tiers: [{ metric: 'orders', value: 2.5 }] }, 'Error: An orders or items threshold must be a whole number'],
    [{ tiers: [{ value: 10.001 }] }, 'Error: A revenue threshold has at most 2 decimals'],
    [{ tiers: [] }, 'Error: A program needs at least one tier'],
  ])('When a program is sent with %j, Then 400 "%s" (and nothing is saved)', async (fields, detail) => {
    const before = (await t.api().get('/api/admin/incentive-programs').set(t.admin)).body.programs.length;
    const res = await create(program(fields));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    const after = (await t.api().get('/api/admin/incentive-programs').set(t.admin)).body.programs.length;
    expect(after).toBe(before);
  });

  test('When an admin edits a program, Then a tier sent with its id keeps it, a new one gets an id, a missing one goes', async () => {
    const created = (await create(program({ tiers: [{ name: 'A' }, { name: 'B' }] }))).body.program;
    const [a] = created.tiers;
    const res = await t
      .api()
      .put(`/api/admin/incentive-programs/${created.id}`)
      .set(t.admin)
      .send(
        program({
          program_name: 'Summer Push',
          enabled: false,
          tiers: [
            { id: 1700000000000, name: 'New' },
            { ...a, value: 7500 },
          ],
        }),
      );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Program updated successfully!');
    expect(res.body.program).toMatchObject({ program_name: 'Summer Push', enabled: false });
    expect(res.body.program.tiers).toEqual([
      expect.objectContaining({ name: 'New', id: expect.not.stringMatching(/^1700000000000$/) }),
      { ...a, value: 7500 },
    ]);
  });

  test('When an admin toggles a program, Then it is disabled and enabled again', async () => {
    const created = (await create(program())).body.program;
    const off = await t
      .api()
      .post(`/api/admin/incentive-programs/${created.id}/toggle`)
      .set(t.admin)
      .send({ enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, message: 'Program disabled', program: { enabled: false } });
    const on = await t
      .api()
      .post(`/api/admin/incentive-programs/${created.id}/toggle`)
      .set(t.admin)
      .send({ enabled: true });
    expect(on.body).toMatchObject({ message: 'Program enabled', program: { enabled: true } });
    const bad = await t.api().post(`/api/admin/incentive-programs/${created.id}/toggle`).set(t.admin).send({});
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Error: enabled must be true or false');
  });

  test('When an admin deletes a program, Then it is gone; a second delete, an edit or a toggle of it answers 404', async () => {
    const created = (await create(program())).body.program;
    const path = `/api/admin/incentive-programs/${created.id}`;
    const res = await t.api().delete(path).set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Program deleted successfully!' });
    for (const call of [
      t.api().delete(path).set(t.admin),
      t.api().put(path).set(t.admin).send(program()),
      t.api().post(`${path}/toggle`).set(t.admin).send({ enabled: true }),
      t.api().get(`${path}/achievements`).set(t.admin),
      t.api().delete('/api/admin/incentive-programs/not-a-uuid').set(t.admin),
    ]) {
      const answer = await call;
      expect(answer.status).toBe(404);
      expect(answer.body.detail).toBe('Error: Incentive program not found');
    }
  });
});

describe('achievements', () => {
  test('When a dealer crosses a tier inside the dates, Then one achievement and one threshold_reached event, whatever is delivered again', async () => {
    const dealerId = await t.newDealer({ business_name: 'Cedar Blinds', city: 'Tulsa', state: 'OK' });
    const created = (
      await create(
        program({
          tiers: [
            { name: 'Bronze', metric: 'revenue', value: 1000, reward: '5% off' },
            { name: 'Silver', metric: 'orders', value: 2, reward: 'Free shipping' },
          ],
        }),
      )
    ).body.program;
    const first = await t.placeOrder(dealerId, [[1, 60_000]]);
    expect(await achievementsOf(created.id)).toEqual([]);
    const second = await t.placeOrder(dealerId, [[1, 50_000]]); // $1,100 and 2 orders: both tiers
    const { id, occurredAt, ...payload } = second;
    await t.publish(OrderCreated, second.order_id, payload, { id, occurredAt }); // redelivered
    await t.publish(OrderCreated, second.order_id, payload); // announced again
    await t.placeOrder(dealerId, [[1, 10_000]]); // further above both thresholds
    await settle();
    const achievements = await achievementsOf(created.id);
    expect(achievements).toHaveLength(2);
    expect(achievements).toEqual(
      expect.arrayContaining([
        {
          id: expect.any(String),
          program_id: created.id,
          tier_id: created.tiers[0].id,
          dealer_id: dealerId,
          dealer_name: 'Cedar Blinds',
          dealer_city: 'Tulsa',
          dealer_state: 'OK',
          tier_name: 'Bronze',
          metric: 'revenue',
          threshold_value: 1000,
          value_achieved: 1100,
          reward: '5% off',
          achieved_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
        expect.objectContaining({ tier_name: 'Silver', metric: 'orders', threshold_value: 2, value_achieved: 2 }),
      ]),
    );
    const reached = eventsFor('incentive.threshold_reached', dealerId);
    expect(reached).toHaveLength(2);
    expect(reached.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        {
          achievement_id: expect.any(String),
          program_id: created.id,
          dealer_id: dealerId,
          tier_name: 'Bronze',
          metric: 'revenue',
          threshold_value: 1000,
          value_achieved: 1100,
          reward: '5% off',
          notify_dealer: false,
        },
      ]),
    );
    expect(first.order_id).not.toBe(second.order_id);
    // no tier notifies the dealer: nothing pending, no mail
    expect(eventsFor('notification.email_requested', dealerId.toLowerCase())).toEqual([]);
  });

  test('When orders fall outside the dates, are cancelled or the program is disabled, Then they reach nothing', async () => {
    const dealerId = await t.newDealer();
    await t.placeOrder(dealerId, [[1, 100]], { createdAt: secondsFromNow(-3 * 86_400) }); // 3 days ago
    const cancelled = await t.placeOrder(dealerId, [[1, 100]], { occurredAt: secondsFromNow(-1) });
    await t.updateOrder(cancelled, { status: 'cancelled' });
    const mine = async (programId: string) => (await achievementsOf(programId)).filter((a) => a.dealer_id === dealerId);
    // from today: the order of 3 days ago is outside, the cancelled one does not count
    const fromToday = (
      await create(program({ start_date: today(), tiers: [{ metric: 'orders', value: 1, name: 'First order' }] }))
    ).body.program;
    const disabled = (await create(program({ enabled: false, tiers: [{ metric: 'orders', value: 1 }] }))).body.program;
    await settle();
    expect(await mine(fromToday.id)).toEqual([]);
    expect(await mine(disabled.id)).toEqual([]);
    // the disabled program enabled: its history is evaluated; the cancelled order still does not count
    await t.api().post(`/api/admin/incentive-programs/${disabled.id}/toggle`).set(t.admin).send({ enabled: true });
    expect(await mine(disabled.id)).toEqual([expect.objectContaining({ value_achieved: 1 })]);
  });

  test('When a program is created or edited over past orders, Then the dealers already past a tier get it at once, once', async () => {
    const dealerId = await t.newDealer();
    await t.placeOrder(dealerId, [[3, 1_000]]);
    await t.placeOrder(dealerId, [[2, 1_000]]);
    const created = (await create(program({ tiers: [{ name: 'Five items', metric: 'items', value: 5 }] }))).body
      .program;
    const mine = async () => (await achievementsOf(created.id)).filter((a) => a.dealer_id === dealerId);
    expect(await mine()).toEqual([
      expect.objectContaining({ dealer_id: dealerId, tier_name: 'Five items', value_achieved: 5 }),
    ]);
    const edited = await t
      .api()
      .put(`/api/admin/incentive-programs/${created.id}`)
      .set(t.admin)
      .send(program({ tiers: [created.tiers[0], { name: 'Two orders', metric: 'orders', value: 2 }] }));
    expect(edited.status).toBe(200);
    const after = await mine();
    expect(after.map((a) => a.tier_name).sort()).toEqual(['Five items', 'Two orders']);
  });
});

describe('pending notifications', () => {
  test('When a tier with notify_dealer is reached, Then a pending notification and a mail request to the dealer, until handled', async () => {
    const dealerId = await t.newDealer({ business_name: 'Oak Ridge Outfitters' });
    const created = (
      await create(
        program({
          program_name: 'Fall Drive',
          tiers: [{ name: 'Gold', metric: 'revenue', value: 2500, reward: 'A free hub blind', notify_dealer: true }],
        }),
      )
    ).body.program;
    await t.placeOrder(dealerId, [[1, 300_000]]);
    await t.placeOrder(dealerId, [[1, 1_000]]); // still above: no second notification
    const res = await t.api().get('/api/admin/pending-notifications').set(t.admin);
    expect(res.status).toBe(200);
    const mine = res.body.data.filter((n: { dealer_id: string }) => n.dealer_id === dealerId);
    expect(mine).toEqual([
      {
        id: expect.any(String),
        program_id: created.id,
        program_name: 'Fall Drive',
        dealer_id: dealerId,
        dealer_name: 'Oak Ridge Outfitters',
        dealer_email: `${dealerId.toLowerCase()}@example.com`,
        threshold_name: 'Gold',
        metric: 'revenue',
        threshold_value: 2500,
        value_achieved: 3000,
        reward: 'A free hub blind',
        achieved_at: expect.any(String),
      },
    ]);
    expect(res.body.count).toBe(res.body.data.length);

    await settle();
    const mails = eventsFor('notification.email_requested', dealerId.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toEqual({
      to: [`${dealerId.toLowerCase()}@example.com`],
      subject: 'You reached Gold of Fall Drive',
      text: expect.stringContaining('reached $3,000, which meets Gold ($2,500) of the Fall Drive program'),
      purpose: 'achievement',
    });
    expect(mails[0]?.payload.text).toContain('Your reward: A free hub blind');

    const handled = await t.api().post(`/api/admin/pending-notifications/${mine[0].id}/handled`).set(t.admin);
    expect(handled.status).toBe(200);
    expect(handled.body).toEqual({ success: true, message: 'Notification marked as handled' });
    const after = await t.api().get('/api/admin/pending-notifications').set(t.admin);
    expect(after.body.data.some((n: { dealer_id: string }) => n.dealer_id === dealerId)).toBe(false);
    // the achievement itself stays
    expect(await achievementsOf(created.id)).toHaveLength(1);
  });

  test('When an unknown notification is marked handled, Then 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.api().post(`/api/admin/pending-notifications/${id}/handled`).set(t.admin);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Error: Notification not found');
    }
  });
});
