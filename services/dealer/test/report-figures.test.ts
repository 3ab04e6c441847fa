/**
 * POST /internal/reports/dealers: identity's daily report asks the dealer service for a period's new dealers
 * and applications and the applicants waiting now. Dealers are created, approved, rejected, archived and
 * restored the ways an admin does it; the period is read back by the instants the database recorded.
 */
import { bearer } from '@portal/platform/testing';
import { dealerForm, startPortal, type TestPortal } from './support/portal';

let portal: TestPortal;
let admin: Record<string, string>;

beforeAll(async () => {
  portal = await startPortal('dealer_report_figures');
  admin = bearer(portal.adminToken);
}, 30_000);
afterAll(async () => {
  await portal?.stop();
});

const api = () => portal.services.http('dealer');
const hour = 3_600_000;
const around = (ms = Date.now()) => ({
  from: new Date(ms - hour).toISOString(),
  to: new Date(ms + hour).toISOString(),
});
const figures = (period: { from: string; to: string }, auth = admin) =>
  api().post('/internal/reports/dealers').set(auth).send(period);

/** an applicant as the application form leaves it: a pending dealer nobody was told of yet */
async function addApplicant(): Promise<string> {
  const id = `P${Math.random().toString(36).slice(2, 9)}`;
  await portal.dealer.ctx.db.query(
    `INSERT INTO dealers (dealer_id, business_name, email, state, status, announced)
     VALUES ($1, 'Applicant Co', $2, 'TX', 'pending', false)`,
    [id, `${id.toLowerCase()}@example.com`],
  );
  return id;
}
const act = (dealerId: string, action: string) =>
  api().post('/api/admin/dealer-action').set(admin).send({ dealer_id: dealerId, action });

test('When dealers are created, approved, rejected and restored, Then each new active dealer and each application counts once', async () => {
  const created = await api().post('/api/admin/create-dealer').set(admin).send(dealerForm());
  expect(created.status).toBe(200);
  const dealerId = created.body.dealer_id as string;
  const approved = await addApplicant();
  const rejected = await addApplicant();
  expect((await act(approved, 'approve')).status).toBe(200);
  expect((await act(rejected, 'reject')).status).toBe(200);
  // an archived dealer restored is not a new one
  expect((await api().post(`/api/admin/archive-dealer/${dealerId}`).set(admin)).status).toBe(200);
  expect((await api().post(`/api/admin/restore-dealer/${dealerId}`).set(admin)).status).toBe(200);
  await addApplicant();

  const res = await figures(around());
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ new_dealers: 2, applications: 3, pending_applications: 1 });

  // a period that ended before any of them: only what waits now
  const yesterday = await figures(around(Date.now() - 24 * hour));
  expect(yesterday.body).toEqual({ new_dealers: 0, applications: 0, pending_applications: 1 });
});

test('When anyone but an admin asks, or the period is not one, Then refused with a clear detail', async () => {
  expect((await api().post('/internal/reports/dealers').send(around())).status).toBe(401);
  const dealer = bearer(portal.tokenFor({ role: 'dealer', dealerId: 'D1' }));
  expect((await figures(around(), dealer)).status).toBe(403);
  const backwards = await figures({ from: around().to, to: around().from });
  expect(backwards.status).toBe(400);
  expect(backwards.body.detail).toMatch(/after from/);
  const month = await figures({ from: '2026-10-01T05:00:00Z', to: '2026-11-01T05:00:00Z' });
  expect(month.status).toBe(400);
  expect((await figures({ from: 'yesterday', to: around().to })).status).toBe(400);
});
