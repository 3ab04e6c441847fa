import { DELIVERY_PROOF_MESSAGES, type Shipment, type ShipmentDriver } from '@portal/contracts';
import { type AuthUser, badRequest, forbidden, notFound, recordAudit } from '@portal/platform';
import type { ShippingContext } from '../context';
import { saveShipmentDriver } from '../data/shipment-drivers';
import { lockShipment, SHIPMENT_NOT_FOUND } from '../data/shipments';
import type { ShipmentRecord } from '../domain/shipment-view';
import { viewOf } from './shipments';

/** Who acts on a route: the token's role and email. */
export type RouteActor = Pick<AuthUser, 'email' | 'role'>;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The one check of who may work a route (mark its orders, record or undo a proof): admins always; a delivery
 * user on a route nobody drives or on their own; anyone else is refused with 403 notYourRoute. Delivery users
 * still read every route: this guards changes only.
 */
export function assertMayDrive(
  ctx: { logger?: { debug(obj: object, msg: string): void } },
  shipment: Pick<ShipmentRecord, 'shipment_id' | 'driver_email'>,
  user: RouteActor,
): void {
  if (user.role === 'admin') return;
  if (user.role === 'delivery' && (shipment.driver_email === null || sameEmail(shipment.driver_email, user.email)))
    return;
  ctx.logger?.debug(
    { shipment_id: shipment.shipment_id, driver: shipment.driver_email, caller: user.email },
    'refused: the route is driven by another user',
  );
  throw forbidden(DELIVERY_PROOF_MESSAGES.notYourRoute);
}

/**
 * The `driver` filter of the shipment lists: `me` is the caller's own routes, `none` the routes nobody drives
 * yet (null), anything else a driver's email; absent, every route.
 */
export function driverFilter(driver: string | undefined, user: Pick<AuthUser, 'email'>): string | null | undefined {
  if (driver === undefined) return undefined;
  if (driver === 'me') return user.email.toLowerCase();
  if (driver === 'none') return null;
  return driver;
}

/**
 * The driver an admin names: an active delivery user as identity knows them (asked with the admin's own token),
 * else 400 driverNotFound (unknown, an admin, a dealer login or deactivated).
 */
async function activeDeliveryUser(ctx: ShippingContext, email: string, authorization: string): Promise<ShipmentDriver> {
  const user = await ctx.deps.identity.staffUser(email, authorization);
  if (user?.role !== 'delivery' || !user.is_active) throw badRequest(DELIVERY_PROOF_MESSAGES.driverNotFound);
  return { email: user.email, full_name: user.full_name };
}

/**
 * Who drives a route being created: an admin names any active delivery user, or nobody; a delivery user drives
 * their own (naming nobody means themselves, naming anyone else is refused with 403 driverOnlySelf).
 */
export async function driverOfNewShipment(
  ctx: ShippingContext,
  user: AuthUser,
  requested: string | null | undefined,
  authorization: string,
): Promise<ShipmentDriver | null> {
  if (user.role === 'delivery') {
    if (requested != null && !sameEmail(requested, user.email)) throw forbidden(DELIVERY_PROOF_MESSAGES.driverOnlySelf);
    // the token is the user's own and active (deactivating a user revokes their sessions)
    return { email: user.email.toLowerCase(), full_name: user.name };
  }
  return requested == null ? null : activeDeliveryUser(ctx, requested, authorization);
}

/**
 * An admin gives a route to an active delivery user, or takes it back (`null`). The name is kept as it is now
 * (the lists show it without asking identity). Identity is asked before the shipment is locked, so a slow answer
 * holds no row.
 */
export async function assignDriver(
  ctx: ShippingContext,
  admin: AuthUser,
  shipmentId: string,
  email: string | null,
  authorization: string,
): Promise<Shipment> {
  const driver = email === null ? null : await activeDeliveryUser(ctx, email, authorization);
  const shipment = await ctx.transaction(async (manager, emit) => {
    const record = await lockShipment(manager, shipmentId);
    if (!record) throw notFound(SHIPMENT_NOT_FOUND);
    await saveShipmentDriver(manager, shipmentId, driver);
    await recordAudit(emit, {
      action: driver ? 'shipment.driver_assigned' : 'shipment.driver_unassigned',
      entity: 'shipment',
      entity_id: shipmentId,
      before: { driver_email: record.driver_email, driver_name: record.driver_name },
      after: { driver_email: driver?.email ?? null, driver_name: driver?.full_name ?? null },
    });
    return viewOf(manager, { ...record, driver_email: driver?.email ?? null, driver_name: driver?.full_name ?? null });
  });
  ctx.logger.info({ shipment_id: shipmentId, driver: driver?.email ?? null, by: admin.email }, 'shipment driver set');
  return shipment;
}
