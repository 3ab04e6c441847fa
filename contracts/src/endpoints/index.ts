import type { EndpointDef, ServiceName } from '../endpoint';
import { catalogEndpoints } from './catalog';
import { dealerEndpoints } from './dealer';
import { geocodingEndpoints } from './geocoding';
import { identityEndpoints } from './identity';
import { incentiveEndpoints } from './incentive';
import { mediaEndpoints } from './media';
import { orderEndpoints } from './order';
import { shippingEndpoints } from './shipping';

export * from './account';
export * from './trust';

export {
  catalogEndpoints,
  dealerEndpoints,
  geocodingEndpoints,
  identityEndpoints,
  incentiveEndpoints,
  mediaEndpoints,
  orderEndpoints,
  shippingEndpoints,
};

/** Every endpoint of the product, keyed by id. */
export const endpoints = {
  ...identityEndpoints,
  ...dealerEndpoints,
  ...catalogEndpoints,
  ...mediaEndpoints,
  ...orderEndpoints,
  ...shippingEndpoints,
  ...geocodingEndpoints,
  ...incentiveEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointId = keyof Endpoints;

export const endpointsByService = {
  identity: identityEndpoints,
  dealer: dealerEndpoints,
  catalog: catalogEndpoints,
  media: mediaEndpoints,
  order: orderEndpoints,
  shipping: shippingEndpoints,
  geocoding: geocodingEndpoints,
  incentive: incentiveEndpoints,
} as const satisfies Record<ServiceName, Record<string, EndpointDef>>;

export type EndpointsOf<S extends ServiceName> = (typeof endpointsByService)[S];

export const allEndpoints: readonly EndpointDef[] = Object.values(endpoints);
