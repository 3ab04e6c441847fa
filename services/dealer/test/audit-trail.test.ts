/**
 * The audit trail of dealers (issue 23): every change an admin or a dealer makes through the API writes one
 * audit.recorded entry to the dealer outbox in the change's transaction — action, dealer id, who (from the
 * token), the request id and the fields before → after. A refused change and a save that changed nothing
 * record nothing.
 */
import type { AuditRecord } from '@portal/contracts';
import { auditEntriesOf, auditRequestId } from '@portal/platform/testing';
import request from 'supertest';
import { transparentPng } from '../../platform/test/storage/hostile-images';
import { ADMIN, dealerForm, startPortal, type TestPortal } from './support/portal';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startPortal('dealer_audit_trail');
});
afterAll(() => portal?.stop());

const admin = () => `Bearer ${portal.adminToken}`;
const entriesOf = (requestId: string) => auditEntriesOf(portal.dealer.ctx.db, requestId);

/** Sends one request under a fresh request id; answers the response and the audit entries it wrote. */
async function audited(send: (api: request.Agent, requestId: string) => request.Test) {
  const requestId = auditRequestId();
  const res = await send(request.agent(portal.dealer.app), requestId).set('x-request-id', requestId);
  return { res, entries: await entriesOf(requestId), requestId };
}

async function createDealer(overrides: Record<string, unknown> = {}) {
  const form = dealerForm(overrides);
  const res = await request(portal.dealer.app)
    .post('/api/admin/create-dealer')
    .set('authorization', admin())
    .send(form);
  expect(res.status).toBe(200);
  return { form, id: res.body.dealer_id as string, temporaryPassword: res.body.temporary_password as string };
}

async function signInAsDealer(dealer: { form: { email: string }; temporaryPassword: string }) {
  const session = await request(portal.identity.app)
    .post('/api/auth/login')
    .send({ email: dealer.form.email, password: dealer.temporaryPassword });
  return `Bearer ${session.body.access_token}`;
}

const byAdmin = { actor_email: ADMIN.email, actor_role: 'admin' };

describe('audit entries of admin changes to dealers', () => {
  test('When an admin creates a dealer, Then dealer.created names the dealer, the admin, the request and the new fields — never the temporary password', async () => {
    const form = dealerForm({ business_name: 'Audit Creek Blinds' });
    const { res, entries, requestId } = await audited((api) =>
      api.post('/api/admin/create-dealer').set('authorization', admin()).send(form),
    );
    expect(res.status).toBe(200);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'dealer.created',
        entity: 'dealer',
        entity_id: res.body.dealer_id,
        request_id: requestId,
        ...byAdmin,
      }),
    ]);
    const [entry] = entries as [AuditRecord];
    expect(entry.changes).toMatchObject({
      business_name: [null, 'Audit Creek Blinds'],
      email: [null, form.email],
      status: [null, 'active'],
    });
    expect(JSON.stringify(entry)).not.toContain(res.body.temporary_password);
  });

  test('When an admin edits a dealer, Then dealer.updated lists exactly the changed fields, before → after', async () => {
    const dealer = await createDealer({ phone: '(555) 010-1111' });
    const { form } = dealer;
    const { res, entries } = await audited((api) =>
      api
        .put(`/api/admin/update-dealer/${dealer.id}`)
        .set('authorization', admin())
        .send({ ...form, phone: '(555) 010-2222', city: 'Peoria' }),
    );
    expect(res.status).toBe(200);
    expect(entries).toEqual([expect.objectContaining({ action: 'dealer.updated', entity_id: dealer.id, ...byAdmin })]);
    expect(entries[0]?.changes).toEqual({
      phone: ['(555) 010-1111', '(555) 010-2222'],
      city: [form.city, 'Peoria'],
    });
  });

  type Form = Record<string, unknown>;
  test.each([
    ['a save that changes nothing', (form: Form) => form, 200],
    ['an edit to a zone that is not configured (400)', (form: Form) => ({ ...form, zone: 'Atlantis' }), 400],
    [
      'an edit to another dealer’s email (409)',
      (form: Form, otherEmail: string) => ({ ...form, email: otherEmail }),
      409,
    ],
  ])('When %s is sent, Then nothing is recorded', async (_case, body, status) => {
    const other = await createDealer();
    const dealer = await createDealer();
    const { res, entries } = await audited((api) =>
      api
        .put(`/api/admin/update-dealer/${dealer.id}`)
        .set('authorization', admin())
        .send(body(dealer.form, other.form.email)),
    );
    expect(res.status).toBe(status);
    expect(entries).toEqual([]);
  });

  test('When an admin moves dealers to another zone, Then one dealer.zone_changed per moved dealer, old zone → new', async () => {
    const midwest = await createDealer({ zone: 'Midwest Zone' });
    const southern = await createDealer({ zone: 'Southern Zone' });
    const { res, entries } = await audited((api) =>
      api
        .post('/api/admin/bulk-update-dealer-zone')
        .set('authorization', admin())
        .send({ dealer_ids: [midwest.id, southern.id], zone: 'Southern Zone' }),
    );
    expect(res.status).toBe(200);
    // the dealer already in the zone did not change
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'dealer.zone_changed',
        entity_id: midwest.id,
        changes: { zone: ['Midwest Zone', 'Southern Zone'] },
        ...byAdmin,
      }),
    ]);
  });

  test('When an admin adds a note and saves website settings, Then dealer.note_added and dealer.website_updated', async () => {
    const dealer = await createDealer();
    const note = await audited((api) =>
      api
        .post(`/api/admin/add-dealer-note/${dealer.id}`)
        .set('authorization', admin())
        .send({ note_text: 'Called about spring stock' }),
    );
    expect(note.res.status).toBe(200);
    expect(note.entries).toEqual([
      expect.objectContaining({
        action: 'dealer.note_added',
        entity_id: dealer.id,
        changes: { note: [null, 'Called about spring stock'] },
        ...byAdmin,
      }),
    ]);

    const website = await audited((api) =>
      api
        .post(`/api/admin/update-dealer-website/${dealer.id}`)
        .set('authorization', admin())
        .field('use_own_website', 'false')
        .field('description', 'Blinds for every season'),
    );
    expect(website.res.status).toBe(200);
    expect(website.entries).toEqual([expect.objectContaining({ action: 'dealer.website_updated', ...byAdmin })]);
    expect(website.entries[0]?.changes).toMatchObject({ description: [null, 'Blinds for every season'] });

    const refused = await audited((api) =>
      api.post('/api/admin/add-dealer-note/NO-SUCH-DEALER').set('authorization', admin()).send({ note_text: 'Hi' }),
    );
    expect(refused.res.status).toBe(404);
    expect(refused.entries).toEqual([]);
  });

  test('When an admin archives, restores and deletes a dealer, Then each records its status change, the delete the last values', async () => {
    const dealer = await createDealer();
    const archive = await audited((api) =>
      api.post(`/api/admin/archive-dealer/${dealer.id}`).set('authorization', admin()),
    );
    expect(archive.entries).toEqual([
      expect.objectContaining({ action: 'dealer.archived', entity_id: dealer.id, ...byAdmin }),
    ]);
    expect(archive.entries[0]?.changes).toMatchObject({ status: ['active', 'archived'], archived: [false, true] });

    const archiveAgain = await audited((api) =>
      api.post(`/api/admin/archive-dealer/${dealer.id}`).set('authorization', admin()),
    );
    expect([archiveAgain.res.status, archiveAgain.entries]).toEqual([400, []]);

    const restore = await audited((api) =>
      api.post(`/api/admin/restore-dealer/${dealer.id}`).set('authorization', admin()),
    );
    expect(restore.entries).toEqual([expect.objectContaining({ action: 'dealer.restored', entity_id: dealer.id })]);
    expect(restore.entries[0]?.changes).toMatchObject({ status: ['archived', 'active'] });

    const remove = await audited((api) =>
      api.delete(`/api/admin/delete-dealer/${dealer.id}`).set('authorization', admin()),
    );
    expect(remove.entries).toEqual([expect.objectContaining({ action: 'dealer.deleted', entity_id: dealer.id })]);
    expect(remove.entries[0]?.changes).toMatchObject({
      email: [dealer.form.email, null],
      status: ['active', null],
    });
  });

  test('When an admin approves one application and rejects another, Then dealer.application_approved and _rejected', async () => {
    const applicant = async () => {
      const form = dealerForm();
      const { zone: _zone, ...application } = form;
      await request(portal.dealer.app)
        .post('/api/public/dealer-application')
        .set('x-forwarded-for', `203.0.113.${Math.floor(Math.random() * 200) + 1}`)
        .send(application)
        .expect(201);
      const rows: { dealer_id: string }[] = await portal.dealer.ctx.db.query(
        'SELECT dealer_id FROM dealers WHERE email = $1',
        [form.email],
      );
      return (rows[0] as { dealer_id: string }).dealer_id;
    };
    for (const [action, status] of [
      ['approve', 'active'],
      ['reject', 'archived'],
    ] as const) {
      const dealerId = await applicant();
      const { res, entries } = await audited((api) =>
        api.post('/api/admin/dealer-action').set('authorization', admin()).send({ dealer_id: dealerId, action }),
      );
      expect(res.status).toBe(200);
      expect(entries).toEqual([
        expect.objectContaining({
          action: `dealer.application_${action === 'approve' ? 'approved' : 'rejected'}`,
          entity_id: dealerId,
          ...byAdmin,
        }),
      ]);
      expect(entries[0]?.changes).toMatchObject({ status: ['pending', status] });
    }
  });

  test('When an admin imports dealers, Then one dealer.created per imported dealer, none for a skipped row', async () => {
    const row = (i: number) => ({
      business_name: `Imported Audit ${i}`,
      email: `imported.audit.${i}@example.com`,
      phone: '555-0100',
      address: `${i} Main St`,
      city: 'Wichita',
      state: 'KS',
      zip_code: '67202',
      zone: 'Midwest Zone',
    });
    const { res, entries } = await audited((api) =>
      api
        .post('/api/admin/bulk-import-dealers')
        .set('authorization', admin())
        .send({ dealers: [row(1), row(2), { ...row(3), zone: 'Atlantis' }] }),
    );
    expect(res.body.results).toMatchObject({ successful_imports: 2, failed_imports: 1 });
    expect(entries.map((entry) => [entry.action, entry.changes.email?.[1], entry.actor_email])).toEqual([
      ['dealer.created', 'imported.audit.1@example.com', ADMIN.email],
      ['dealer.created', 'imported.audit.2@example.com', ADMIN.email],
    ]);
  });
});

describe('audit entries of a dealer’s own changes', () => {
  test('When a dealer edits its profile and header image, Then the entries name the dealer (role dealer) as the actor', async () => {
    const dealer = await createDealer();
    const auth = await signInAsDealer(dealer);
    const { email: _email, zone: _zone, ...profile } = dealer.form;
    const edit = await audited((api) =>
      api
        .put('/api/dealer/profile')
        .set('authorization', auth)
        .send({ ...profile, business_name: 'Renamed By Dealer' }),
    );
    expect(edit.res.status).toBe(200);
    expect(edit.entries).toEqual([
      expect.objectContaining({
        action: 'dealer.updated',
        entity_id: dealer.id,
        actor_email: dealer.form.email,
        actor_role: 'dealer',
        changes: { business_name: [dealer.form.business_name, 'Renamed By Dealer'] },
      }),
    ]);

    const image = await transparentPng();
    const upload = await audited((api) =>
      api.post('/api/dealer/upload-header-image').set('authorization', auth).attach('image', image, 'h.png'),
    );
    expect(upload.res.status).toBe(200);
    expect(upload.entries).toEqual([
      expect.objectContaining({ action: 'dealer.header_image_changed', actor_role: 'dealer' }),
    ]);
    expect(upload.entries[0]?.changes.header_image_url).toEqual([null, upload.res.body.header_image_url]);

    const removal = await audited((api) => api.delete('/api/dealer/delete-header-image').set('authorization', auth));
    expect(removal.entries).toEqual([
      expect.objectContaining({ action: 'dealer.header_image_removed', actor_email: dealer.form.email }),
    ]);
    expect(removal.entries[0]?.changes.header_image_url).toEqual([upload.res.body.header_image_url, null]);

    // taking an already offline website offline changes nothing
    const disable = await audited((api) => api.post('/api/dealer/disable-website').set('authorization', auth));
    expect([disable.res.status, disable.entries]).toEqual([200, []]);
  });
});
