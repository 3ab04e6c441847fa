/**
 * The audit trail of incentive programs (issue 23): creating, editing, toggling and deleting a program (its
 * tiers with it) and marking an achievement's notification handled each write one audit.recorded entry to the
 * incentive outbox in the change's transaction — action, program id, the admin, the request id and the fields
 * before → after. A refused change, or handling a notification again, records nothing.
 */
import { auditEntriesOf, auditRequestId } from '@portal/platform/testing';
import type { Test } from 'supertest';
import { startIncentives, type TestIncentives } from './support/incentive';

let t: TestIncentives;
beforeAll(async () => {
  t = await startIncentives('incentive_audit_trail');
});
afterAll(() => t?.stop());

const byAdmin = { actor_email: 'admin@example.com', actor_role: 'admin' };
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const program = (fields: Record<string, unknown> = {}) => ({
  program_name: 'Audit Push',
  start_date: daysFromToday(-30),
  end_date: daysFromToday(30),
  tiers: [{ name: 'Gold', metric: 'revenue', value: 2500, reward: 'A hub blind', notify_dealer: true }],
  ...fields,
});

/** Sends one request under a fresh request id; answers the response and the audit entries it wrote. */
async function audited(req: Test) {
  const requestId = auditRequestId();
  const res = await req.set('x-request-id', requestId);
  return { res, entries: await auditEntriesOf(t.service.service.ctx.db, requestId), requestId };
}
const programs = '/api/admin/incentive-programs';

describe('audit entries of incentive programs', () => {
  test('When an admin creates, edits, disables and deletes a program, Then each is recorded with its fields before → after', async () => {
    const created = await audited(t.api().post(programs).set(t.admin).send(program()));
    expect(created.res.status).toBe(200);
    const saved = created.res.body.program;
    expect(created.entries).toEqual([
      expect.objectContaining({
        action: 'incentive_program.created',
        entity: 'incentive_program',
        entity_id: saved.id,
        request_id: created.requestId,
        ...byAdmin,
      }),
    ]);
    expect(created.entries[0]?.changes).toMatchObject({
      program_name: [null, 'Audit Push'],
      tiers: [null, [expect.objectContaining({ name: 'Gold', value: 2500 })]],
    });

    const tier = saved.tiers[0];
    const edited = await audited(
      t
        .api()
        .put(`${programs}/${saved.id}`)
        .set(t.admin)
        .send(program({ program_name: 'Audit Drive', tiers: [{ ...tier, value: 3000 }] })),
    );
    expect(edited.res.status).toBe(200);
    expect(edited.entries).toEqual([
      expect.objectContaining({
        action: 'incentive_program.updated',
        entity_id: saved.id,
        changes: {
          program_name: ['Audit Push', 'Audit Drive'],
          tiers: [[tier], [{ ...tier, value: 3000 }]],
        },
        ...byAdmin,
      }),
    ]);

    const disabled = await audited(
      t.api().post(`${programs}/${saved.id}/toggle`).set(t.admin).send({ enabled: false }),
    );
    expect(disabled.res.status).toBe(200);
    expect(disabled.entries).toEqual([
      expect.objectContaining({ action: 'incentive_program.disabled', changes: { enabled: [true, false] } }),
    ]);

    const deleted = await audited(t.api().delete(`${programs}/${saved.id}`).set(t.admin));
    expect(deleted.res.status).toBe(200);
    expect(deleted.entries).toEqual([
      expect.objectContaining({ action: 'incentive_program.deleted', entity_id: saved.id }),
    ]);
    expect(deleted.entries[0]?.changes).toMatchObject({ program_name: ['Audit Drive', null], enabled: [false, null] });

    const again = await audited(t.api().delete(`${programs}/${saved.id}`).set(t.admin));
    expect([again.res.status, again.entries]).toEqual([404, []]);
  });

  test('When a program is refused (end before start), Then nothing is recorded', async () => {
    const refused = await audited(
      t
        .api()
        .post(programs)
        .set(t.admin)
        .send(program({ start_date: daysFromToday(5), end_date: daysFromToday(1) })),
    );
    expect([refused.res.status, refused.entries]).toEqual([400, []]);
  });

  test('When an admin marks an achievement’s notification handled, Then incentive_program.achievement_handled once', async () => {
    const dealerId = await t.newDealer({ business_name: 'Audit Outfitters' });
    const saved = (await t.api().post(programs).set(t.admin).send(program())).body.program;
    await t.placeOrder(dealerId, [[1, 300_000]]);
    const pending = await t.api().get('/api/admin/pending-notifications').set(t.admin);
    const notification = pending.body.data.find((n: { dealer_id: string }) => n.dealer_id === dealerId);

    const handle = () =>
      audited(t.api().post(`/api/admin/pending-notifications/${notification.id}/handled`).set(t.admin));
    const handled = await handle();
    expect(handled.res.status).toBe(200);
    expect(handled.entries).toEqual([
      expect.objectContaining({
        action: 'incentive_program.achievement_handled',
        entity: 'incentive_program',
        entity_id: saved.id,
        changes: {
          achievement_id: [null, notification.id],
          dealer_id: [null, dealerId],
          tier_name: [null, 'Gold'],
        },
        ...byAdmin,
      }),
    ]);
    const twice = await handle();
    expect([twice.res.status, twice.entries]).toEqual([200, []]);
  });
});
