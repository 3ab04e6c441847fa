/**
 * Shipping with identity beside it, on one bus and one database (as in production): identity answers who a
 * route's driver is (GET /internal/staff-users/{email}) and serves the revoked sessions shipping polls. Dealers
 * and orders reach shipping as the dealer and order services announce them; the shipment.* events shipping
 * publishes are collected as the order service would receive them.
 */
import { randomUUID } from 'node:crypto';
import { DealerCreated, DealerGeocoded, type EventDef, type EventEnvelope, OrderCreated } from '@portal/contracts';
import { identityService } from '@portal/identity';
import {
  bearer,
  collectEvents,
  deliverEvent,
  eventsSettled,
  newDealerSnapshot,
  startTestServices,
  type TestServices,
} from '@portal/platform/testing';
import type { z } from 'zod';
import { shippingService } from '../../src/app';

export { eventually, readAllPages, readWholeList } from '@portal/platform/testing';

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
export type Json = Record<string, any>;
export type Auth = Record<string, string>;

export interface DriverPortal {
  services: TestServices;
  shipping(): ReturnType<TestServices['http']>;
  /** an admin's token (the user need not exist in identity: tokens are checked by signature and session) */
  admin: Auth;
  /** a token of `email` with `role`, named `name` */
  tokenOf(role: 'admin' | 'delivery', email: string, name?: string): Auth;
  /** a staff user created through identity's Admin Users screen; `active: false` leaves it deactivated */
  newStaffUser(user: { email: string; full_name: string; role: 'admin' | 'delivery'; active?: boolean }): Promise<void>;
  /** a dealer shipping knows (with coordinates when given) */
  newDealer(fields?: { business_name?: string; lat?: number; lng?: number }): Promise<string>;
  /** a confirmed order of the dealer, as order.created announces it */
  newOrder(dealerId: string): Promise<string>;
  /** the shipment.* events shipping published so far */
  events: EventEnvelope<Json>[];
  /** resolves once shipping's events have all travelled (before showing that one was NOT emitted) */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

export async function startDriverPortal(prefix: string): Promise<DriverPortal> {
  const services = await startTestServices([identityService, shippingService], {
    prefix,
    envOf: {
      identity: {
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'correct horse battery',
        SETTINGS_ENCRYPTION_KEY: 'a3f1c2d4e5b6978812345678abcdef0011223344556677889900aabbccddeeff',
      },
    },
  });
  const events = await collectEvents<Json>(services.transport, 'order', [
    'shipment.created',
    'shipment.order_status_changed',
    'shipment.departed',
  ]);
  const shipping = services.service('shipping');
  const deliver = <D extends EventDef>(
    def: D,
    id: string,
    payload: z.input<D['payload']>,
    producer: 'dealer' | 'order' | 'geocoding',
  ) => deliverEvent(services.transport, shipping, def, id, payload, { producer });
  const admin = bearer(services.tokenFor({ role: 'admin' }));
  return {
    services,
    shipping: () => services.http('shipping'),
    admin,
    tokenOf: (role, email, name) => bearer(services.tokenFor({ role, email, name: name ?? email })),
    async newStaffUser({ email, full_name, role, active = true }) {
      const res = await services
        .http('identity')
        .post('/api/admin/create-admin-user')
        .set(admin)
        .send({ email, full_name, role });
      if (res.status !== 200) throw new Error(`create-admin-user answered ${res.status}: ${JSON.stringify(res.body)}`);
      // identity has no screen that deactivates a staff user: the row is changed as a deactivation would
      if (!active)
        await services.service('identity').ctx.db.query('UPDATE users SET is_active = false WHERE email = $1', [email]);
    },
    async newDealer(fields = {}) {
      const snapshot = newDealerSnapshot({
        business_name: fields.business_name,
        address: '100 Main St',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
      });
      await deliver(DealerCreated, snapshot.dealer_id, snapshot, 'dealer');
      if (fields.lat !== undefined && fields.lng !== undefined)
        await deliver(
          DealerGeocoded,
          snapshot.dealer_id,
          { dealer_id: snapshot.dealer_id, lat: fields.lat, lng: fields.lng, status: 'ok', error: null },
          'geocoding',
        );
      return snapshot.dealer_id;
    },
    async newOrder(dealerId) {
      const orderId = randomUUID();
      await deliver(
        OrderCreated,
        orderId,
        {
          order_id: orderId,
          dealer_id: dealerId,
          status: 'confirmed',
          total_cents: 49998,
          items: [{ product_id: 'P1', title: 'Hub Blind', quantity: 2, price_cents: 24999, is_custom: false }],
          notes: null,
          created_at: new Date().toISOString(),
        },
        'order',
      );
      return orderId;
    },
    events,
    settled: () => eventsSettled(services.transport, [shipping], { collectors: ['order'] }),
    stop: () => services.stop(),
  };
}
