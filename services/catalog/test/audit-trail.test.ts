/**
 * The audit trail of the catalogue (issue 23): creating, editing (a price change named as such) and deleting a
 * product each write one audit.recorded entry to the catalog outbox in the change's transaction — action,
 * product id, the admin, the request id and the fields before → after. A change that is refused or rolled back
 * records nothing.
 */
import { auditEntriesOf, auditRequestId } from '@portal/platform/testing';
import type { Test } from 'supertest';
import { IMAGES, productForm, startCatalog, type TestCatalog, withForm } from './support/catalog';

let catalog: TestCatalog;
beforeAll(async () => {
  catalog = await startCatalog('catalog_audit_trail');
});
afterAll(() => catalog?.stop());

const db = () => catalog.services.service('catalog').ctx.db;
const png = { bytes: IMAGES.png, filename: 'blind.png' };
const byAdmin = { actor_email: 'admin@example.com', actor_role: 'admin' };

/** Sends one request under a fresh request id; answers the response and the audit entries it wrote. */
async function audited(req: Test) {
  const requestId = auditRequestId();
  const res = await req.set('x-request-id', requestId);
  return { res, entries: await auditEntriesOf(db(), requestId), requestId };
}
const create = (fields: Record<string, string>) =>
  audited(withForm(catalog.api().post('/api/admin/create-product').set(catalog.admin), fields, png));
const update = (id: string, fields: Record<string, string>) =>
  audited(withForm(catalog.api().put(`/api/admin/update-product/${id}`).set(catalog.admin), fields));

describe('audit entries of products', () => {
  test('When an admin creates a product, Then product.created with its fields, the price in cents', async () => {
    const { res, entries, requestId } = await create(productForm({ title: 'Audit Hub', price: '12.30' }));
    expect(res.status).toBe(200);
    const productId = res.body.product.product_id;
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'product.created',
        entity: 'product',
        entity_id: productId,
        request_id: requestId,
        ...byAdmin,
      }),
    ]);
    expect(entries[0]?.changes).toMatchObject({
      title: [null, 'Audit Hub'],
      price_cents: [null, 1230],
      status: [null, 'active'],
      image_filename: [null, res.body.product.image_filename],
    });
  });

  test.each([
    ['a new price', 'product.price_changed', { price: '19.99' }, { price_cents: [24999, 1999] }],
    ['a new title', 'product.updated', { title: 'Renamed Blind' }, { title: ['Original Blind', 'Renamed Blind'] }],
    ['the inactive status', 'product.updated', { status: 'inactive' }, { status: ['active', 'inactive'] }],
    [
      'a SKU and a category',
      'product.updated',
      { sku: ' AUD-SKU-1 ', category: 'Blinds' },
      { sku: [null, 'AUD-SKU-1'], category: [null, 'Blinds'] },
    ],
  ])('When an admin saves %s, Then %s with exactly that change', async (_case, action, fields, changes) => {
    const form = productForm({ title: 'Original Blind', price: '249.99' });
    const created = await create(form);
    const productId = created.res.body.product.product_id;
    const { res, entries } = await update(productId, { ...form, ...fields });
    expect(res.status).toBe(200);
    expect(entries).toEqual([expect.objectContaining({ action, entity_id: productId, changes, ...byAdmin })]);
  });

  test('When an admin deletes a product, Then product.deleted with its last values', async () => {
    const created = await create(productForm({ title: 'Doomed Blind', price: '5' }));
    const productId = created.res.body.product.product_id;
    const { res, entries } = await audited(
      catalog.api().delete(`/api/admin/delete-product/${productId}`).set(catalog.admin),
    );
    expect(res.status).toBe(200);
    expect(entries).toEqual([expect.objectContaining({ action: 'product.deleted', entity_id: productId, ...byAdmin })]);
    expect(entries[0]?.changes).toMatchObject({ title: ['Doomed Blind', null], price_cents: [500, null] });
  });

  test('When a save is refused (a bad price), changes nothing, or the product is unknown, Then nothing is recorded', async () => {
    const form = productForm();
    const productId = (await create(form)).res.body.product.product_id;
    const badPrice = await update(productId, { ...form, price: '-3' });
    expect([badPrice.res.status, badPrice.entries]).toEqual([400, []]);
    const unchanged = await update(productId, form);
    expect([unchanged.res.status, unchanged.entries]).toEqual([200, []]);
    const unknown = await audited(
      catalog.api().delete('/api/admin/delete-product/00000000-0000-4000-8000-000000000000').set(catalog.admin),
    );
    expect([unknown.res.status, unknown.entries]).toEqual([404, []]);
  });

  test('When the transaction of an edit fails at commit, Then its audit entry is rolled back with it', async () => {
    // refused only when the transaction commits: after the edit and its audit entry were written
    await db().query(`CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'Never Committed' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`);
    await db().query(
      `CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER UPDATE ON products DEFERRABLE INITIALLY DEFERRED
       FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`,
    );
    try {
      const form = productForm();
      const productId = (await create(form)).res.body.product.product_id;
      const { res, entries } = await update(productId, { ...form, title: 'Never Committed' });
      expect(res.status).toBe(500);
      expect(entries).toEqual([]);
    } finally {
      await db().query('DROP TRIGGER refuse_at_commit ON products');
    }
  });
});
