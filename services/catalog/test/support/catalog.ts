/**
 * The catalog service as it runs in production — real PostgreSQL (a fresh database), the event bus, and a real
 * object store: an S3 API server (s3rver) or the file store — through the platform's test harness. Every
 * product.* event the catalog publishes is collected as the order service would receive it.
 */
import type { EventEnvelope, ProductSnapshot } from '@portal/contracts';
import { createS3ObjectStore, type ObjectStore } from '@portal/platform';
import { bearer, startTestServices, type TestServices } from '@portal/platform/testing';
import { type S3TestServer, startS3TestServer } from '@portal/platform/testing/s3-test-server';
import request from 'supertest';
import { catalogService } from '../../src/app';

export { eventually } from '@portal/platform/testing';
export { IMAGES } from '../../../platform/test/storage/image-fixtures';

export type StoreKind = 's3' | 'files';

export interface TestCatalog {
  services: TestServices;
  /** the object store the service writes to (s3rver's bucket, or the file store under the test's OBJECTS_DIR) */
  objects: ObjectStore;
  api(): ReturnType<typeof request>;
  admin: Record<string, string>;
  dealer: Record<string, string>;
  delivery: Record<string, string>;
  /** product.* events received so far, in order */
  events: EventEnvelope<ProductSnapshot>[];
  stop(): Promise<void>;
}

export async function startCatalog(prefix: string, store: StoreKind = 's3'): Promise<TestCatalog> {
  let s3: S3TestServer | undefined;
  let objects: ObjectStore | undefined;
  if (store === 's3') {
    s3 = await startS3TestServer();
    objects = createS3ObjectStore({ ...s3, bucket: `catalog-${Date.now().toString(36)}` });
  }
  const services = await startTestServices([catalogService], { prefix, deps: objects ? { objects } : {} });
  const events: EventEnvelope<ProductSnapshot>[] = [];
  await services.transport.subscribe(
    'order',
    ['product.created', 'product.updated', 'product.deleted'],
    async ({ envelope }) => {
      events.push(envelope as EventEnvelope<ProductSnapshot>);
    },
  );
  const service = services.service('catalog');
  return {
    services,
    objects: service.ctx.objects,
    api: () => request(service.app),
    admin: bearer(services.tokenFor({ role: 'admin' })),
    dealer: bearer(services.tokenFor({ role: 'dealer' })),
    delivery: bearer(services.tokenFor({ role: 'delivery' })),
    events,
    async stop() {
      await services.stop();
      await s3?.stop();
    },
  };
}

/** A complete product form; override what a test is about. */
export function productForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    title: `Ground Blind ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Two-person hub blind',
    price: '249.99',
    status: 'active',
    ...overrides,
  };
}

/** A multipart request with the form's fields and, when given, the product_image file. */
export function withForm(
  req: request.Test,
  fields: Record<string, string>,
  image?: { bytes: Buffer; filename: string; contentType?: string },
): request.Test {
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (image) req.attach('product_image', image.bytes, { filename: image.filename, contentType: image.contentType });
  return req;
}
