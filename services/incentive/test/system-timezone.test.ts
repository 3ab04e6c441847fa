/**
 * Issue 21, the system timezone in the incentive service: a program's start and end dates are days in the
 * system timezone (Chicago until identity announces another), both for which programs run "today" and for the
 * orders counted inside a program. An order at 23:30 in Chicago on the program's last day counts; one at 23:30
 * on the day before it starts does not; the program runs until midnight in Chicago and not after.
 */
import { TimezoneChanged } from '@portal/contracts';
import type { AuthUser } from '@portal/platform';
import type { IncentiveContext } from '../src/context';
import { dealerProgramProgress } from '../src/use-cases/progress';
import { eventually, startIncentives, type TestIncentives } from './support/incentive';

let t: TestIncentives;
beforeAll(async () => {
  t = await startIncentives('incentive_system_timezone');
});
afterAll(() => t?.stop());

/** 23:30 on 30 November 2026 in Chicago (CST): already 1 December in UTC and in New York */
const LAST_DAY_LATE = '2026-12-01T05:30:00.000Z';
/** 23:30 on 31 October 2026 in Chicago (CDT): already 1 November in UTC */
const DAY_BEFORE_LATE = '2026-11-01T04:30:00.000Z';

const dealerUser = (dealerId: string): AuthUser => ({
  sub: `user-${dealerId}`,
  email: `${dealerId}@example.com`,
  name: 'A dealer',
  role: 'dealer',
  dealerId,
  sid: `sid-${dealerId}`,
});

const progressAt = (dealerId: string, now: string) =>
  dealerProgramProgress(t.service.service.ctx as IncentiveContext, dealerUser(dealerId), new Date(now));

test('When a November program is read at 23:45 on 30 November in Chicago, Then it runs and counts the order of 23:30 that day; at midnight it has ended', async () => {
  const lastDay = await t.newDealer({ business_name: 'Last Day Blinds' });
  const dayBefore = await t.newDealer({ business_name: 'Early Blinds' });
  await t.placeOrder(lastDay, [[1, 10_000]], { createdAt: LAST_DAY_LATE });
  await t.placeOrder(dayBefore, [[1, 10_000]], { createdAt: DAY_BEFORE_LATE });
  const res = await t
    .api()
    .post('/api/admin/incentive-programs')
    .set(t.admin)
    .send({
      program_name: 'November Push',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      tiers: [{ metric: 'orders', value: 1, name: 'First order' }],
    });
  expect(res.status).toBe(200);
  const programId = res.body.program.id as string;

  // the orders counted inside the program's days in Chicago: the last day's late order, not the early one
  const achievers = await eventually(async () => {
    const list = await t.api().get(`/api/admin/incentive-programs/${programId}/achievements`).set(t.admin);
    expect(list.status).toBe(200);
    expect(list.body.achievements.length).toBeGreaterThan(0);
    return (list.body.achievements as { dealer_id: string }[]).map((a) => a.dealer_id);
  });
  expect(achievers).toEqual([lastDay]);

  const running = await progressAt(lastDay, '2026-12-01T05:45:00.000Z'); // 23:45 on 30 November in Chicago
  expect(running).toEqual([
    expect.objectContaining({
      program_id: programId,
      end_date: '2026-11-30',
      metrics: [expect.objectContaining({ metric: 'orders', value: 1 })],
    }),
  ]);
  expect(await progressAt(dayBefore, '2026-12-01T05:45:00.000Z')).toEqual([
    expect.objectContaining({ metrics: [expect.objectContaining({ metric: 'orders', value: 0 })] }),
  ]);
  expect(await progressAt(lastDay, '2026-12-01T06:00:00.000Z')).toEqual([]); // midnight: 1 December in Chicago
  // and it started at midnight on 1 November in Chicago (05:00Z, daylight time), not at midnight UTC
  expect(await progressAt(lastDay, '2026-11-01T04:59:00.000Z')).toEqual([]);
  expect(await progressAt(lastDay, '2026-11-01T05:00:00.000Z')).toHaveLength(1);

  // in New York the late order was placed on 1 December: the program has ended there and does not count it
  await t.publish(TimezoneChanged, 'system_timezone', { system_timezone: 'America/New_York' });
  try {
    expect(await progressAt(lastDay, '2026-12-01T05:15:00.000Z')).toEqual([]); // 00:15 on 1 December in New York
    expect(await progressAt(lastDay, '2026-12-01T04:45:00.000Z')).toEqual([
      expect.objectContaining({ metrics: [expect.objectContaining({ metric: 'orders', value: 0 })] }),
    ]);
  } finally {
    await t.publish(TimezoneChanged, 'system_timezone', { system_timezone: 'America/Chicago' });
  }
});
