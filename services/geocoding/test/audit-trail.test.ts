/**
 * The audit trail of the map (issue 23): a coordinate override, a repair, coordinates Google found in the browser, a
 * dealer's map category and the map settings each write one audit.recorded entry to the geocoding outbox in the
 * change's transaction — action, id, the admin, the request id and the fields before → after. A refused change
 * records nothing.
 */
import { auditEntriesOf, auditRequestId } from '@portal/platform/testing';
import type { Test } from 'supertest';
import { startGeocoding, type TestGeocoding } from './support/geocoding';

let t: TestGeocoding;
beforeAll(async () => {
  t = await startGeocoding('geocoding_audit_trail');
});
afterAll(() => t?.stop());

const byAdmin = { actor_email: 'admin@example.com', actor_role: 'admin' };

/** Sends one request under a fresh request id; answers the response and the audit entries it wrote. */
async function audited(req: Test) {
  const requestId = auditRequestId();
  const res = await req.set('x-request-id', requestId);
  return { res, entries: await auditEntriesOf(t.geo.service.ctx.db, requestId), requestId };
}

describe('audit entries of coordinates', () => {
  test('When an admin overrides a dealer’s coordinates, Then coordinates.overridden from the old point to the new, with the notes', async () => {
    const dealer = await t.newDealer();
    const { res, entries, requestId } = await audited(
      t
        .api()
        .post(`/api/admin/manual-coordinate-override/${dealer.dealer_id}`)
        .set(t.admin)
        .send({ lat: 30.25, lng: -97.75, notes: 'Checked on site' }),
    );
    expect(res.status).toBe(200);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'coordinates.overridden',
        entity: 'coordinates',
        entity_id: dealer.dealer_id,
        request_id: requestId,
        ...byAdmin,
      }),
    ]);
    expect(entries[0]?.changes).toMatchObject({
      lat: [expect.anything(), 30.25],
      lng: [expect.anything(), -97.75],
      status: [expect.anything(), 'manual'],
      notes: [null, 'Checked on site'],
    });
  });

  test('When an admin repairs a dealer that had no coordinates, Then coordinates.repaired to the point found; a failed repair records nothing', async () => {
    const dealer = await t.newDealer({ address: '1 Main St', city: 'Austn', state: 'TX', zip_code: '99999' });
    const repair = (strategies: string[]) =>
      audited(t.api().post(`/api/admin/repair-dealer-geocoding/${dealer.dealer_id}`).set(t.admin).send({ strategies }));
    const failed = await repair(['enhanced_geocoding', 'address_normalization', 'partial_address_geocoding']);
    expect([failed.res.status, failed.entries]).toEqual([422, []]);

    const repaired = await repair(['nearby_location_search']);
    expect(repaired.res.status).toBe(200);
    expect(repaired.entries).toEqual([
      expect.objectContaining({
        action: 'coordinates.repaired',
        entity: 'coordinates',
        entity_id: dealer.dealer_id,
        request_id: repaired.requestId,
        ...byAdmin,
      }),
    ]);
    expect(repaired.entries[0]?.changes).toMatchObject({
      lat: [null, repaired.res.body.coordinates.lat],
      lng: [null, repaired.res.body.coordinates.lng],
      strategy: [null, 'nearby_location_search'],
    });
  });

  test('When an admin saves coordinates Google found, Then coordinates.updated; an out-of-range override records nothing', async () => {
    const dealer = await t.newDealer();
    const found = await audited(
      t.api().post('/api/admin/update-dealer-coordinates').set(t.admin).send({
        dealer_id: dealer.dealer_id,
        google_latitude: 32.78,
        google_longitude: -96.8,
        google_formatted_address: '1 Main St, Dallas, TX',
      }),
    );
    expect(found.res.status).toBe(200);
    expect(found.entries).toEqual([
      expect.objectContaining({ action: 'coordinates.updated', entity_id: dealer.dealer_id, ...byAdmin }),
    ]);
    expect(found.entries[0]?.changes).toMatchObject({
      lat: [expect.anything(), 32.78],
      lng: [expect.anything(), -96.8],
    });

    const refused = await audited(
      t
        .api()
        .post(`/api/admin/manual-coordinate-override/${dealer.dealer_id}`)
        .set(t.admin)
        .send({ lat: 51, lng: -97 }),
    );
    expect([refused.res.status, refused.entries]).toEqual([400, []]);
  });
});

describe('audit entries of the map settings', () => {
  test('When an admin adds a category and uses it, Then settings.updated for map_settings and dealer.category_changed', async () => {
    const current = (await t.api().get('/api/admin/map-settings').set(t.admin)).body;
    const categories = [
      ...current.categories,
      { id: 'audit_shop', name: 'Audit Shop', color: 'green', icon: null, iconSize: 20 },
    ];
    const saved = await audited(
      t
        .api()
        .post('/api/admin/map-settings')
        .set(t.admin)
        .send({ categories, settings: { popupBlur: 3 } }),
    );
    expect(saved.res.status).toBe(200);
    expect(saved.entries).toEqual([
      expect.objectContaining({
        action: 'settings.updated',
        entity: 'settings',
        entity_id: 'map_settings',
        changes: {
          categories: [current.categories, categories],
          settings: [current.settings, { ...current.settings, popupBlur: 3 }],
        },
        ...byAdmin,
      }),
    ]);

    const dealer = await t.newDealer();
    const moved = await audited(
      t
        .api()
        .post('/api/admin/update-dealer-category')
        .set(t.admin)
        .send({ dealer_id: dealer.dealer_id, category: 'audit_shop' }),
    );
    expect(moved.entries).toEqual([
      expect.objectContaining({
        action: 'dealer.category_changed',
        entity_id: dealer.dealer_id,
        changes: { category: ['dealer', 'audit_shop'] },
      }),
    ]);

    const unknown = await audited(
      t
        .api()
        .post('/api/admin/update-dealer-category')
        .set(t.admin)
        .send({ dealer_id: dealer.dealer_id, category: 'nope' }),
    );
    expect([unknown.res.status, unknown.entries]).toEqual([400, []]);
  });
});
