/**
 * The audit trail of the picture library (issue 23): an upload and a delete each write one audit.recorded entry
 * to the media outbox in the change's transaction — action, picture id, the admin, the request id and the
 * picture's fields (never where the store keeps its files). A refused upload or delete records nothing.
 */
import { createS3ObjectStore } from '@portal/platform';
import { auditEntriesOf, auditRequestId } from '@portal/platform/testing';
import { type S3TestServer, startS3TestServer } from '@portal/platform/testing/s3-test-server';
import type { Test } from 'supertest';
import { type MediaTest, photo, startMedia } from './support/media';

let s3: S3TestServer;
let t: MediaTest;
beforeAll(async () => {
  s3 = await startS3TestServer();
  t = await startMedia(
    'media_audit_trail',
    createS3ObjectStore({ ...s3, bucket: `media-audit-${Date.now().toString(36)}` }),
  );
});
afterAll(async () => {
  await t?.stop();
  await s3?.stop();
});

const byAdmin = { actor_email: 'admin@example.com', actor_role: 'admin' };

/** Sends one request under a fresh request id; answers the response and the audit entries it wrote. */
async function audited(req: Test) {
  const requestId = auditRequestId();
  const res = await req.set('x-request-id', requestId);
  return { res, entries: await auditEntriesOf(t.media.service.ctx.db, requestId), requestId };
}

describe('audit entries of pictures', () => {
  test('When an admin uploads a picture and deletes it, Then picture.uploaded and picture.deleted with its fields', async () => {
    const bytes = await photo(800, 600);
    const uploaded = await audited(
      t.media
        .http()
        .post('/api/admin/upload-picture')
        .set(t.admin)
        .field('title', 'Dawn')
        .field('category', 'Field')
        .attach('picture', bytes, 'dawn.jpg'),
    );
    expect(uploaded.res.status).toBe(200);
    const pictureId = uploaded.res.body.picture.picture_id;
    expect(uploaded.entries).toEqual([
      expect.objectContaining({
        action: 'picture.uploaded',
        entity: 'picture',
        entity_id: pictureId,
        request_id: uploaded.requestId,
        changes: {
          title: [null, 'Dawn'],
          category: [null, 'Field'],
          original_name: [null, 'dawn.jpg'],
          content_type: [null, 'image/jpeg'],
          file_size: [null, bytes.length],
        },
        ...byAdmin,
      }),
    ]);

    const deleted = await audited(t.media.http().delete(`/api/admin/delete-picture/${pictureId}`).set(t.admin));
    expect(deleted.res.status).toBe(200);
    expect(deleted.entries).toEqual([
      expect.objectContaining({
        action: 'picture.deleted',
        entity_id: pictureId,
        changes: {
          title: ['Dawn', null],
          category: ['Field', null],
          original_name: ['dawn.jpg', null],
          content_type: ['image/jpeg', null],
          file_size: [bytes.length, null],
        },
        ...byAdmin,
      }),
    ]);

    const again = await audited(t.media.http().delete(`/api/admin/delete-picture/${pictureId}`).set(t.admin));
    expect([again.res.status, again.entries]).toEqual([404, []]);
  });

  test('When an upload is refused (no title), Then nothing is recorded', async () => {
    const refused = await audited(
      t.media
        .http()
        .post('/api/admin/upload-picture')
        .set(t.admin)
        .attach('picture', await photo(200, 100), 'x.jpg'),
    );
    expect([refused.res.status, refused.entries]).toEqual([400, []]);
  });
});
