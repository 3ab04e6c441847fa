import { catalogService } from '@portal/catalog';
import { dealerService } from '@portal/dealer';
import { geocodingService } from '@portal/geocoding';
import { identityService } from '@portal/identity';
import { incentiveService } from '@portal/incentive';
import { mediaService } from '@portal/media';
import { orderService } from '@portal/order';
import { shippingService } from '@portal/shipping';

/** Every service of the portal, in start order (identity first: it creates the first admin). */
export const allServices = [
  identityService,
  dealerService,
  catalogService,
  mediaService,
  orderService,
  shippingService,
  geocodingService,
  incentiveService,
] as const;
