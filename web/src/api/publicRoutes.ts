import { routes as generated } from 'virtual:contract-routes/public';
import type { ContractRoute } from './contractRoutes';
import type { PublicEndpointId } from './contractTypes';

/** The public endpoints' method and path, generated from the contract at build time (a few hundred bytes). */
export const publicRoutes: Record<PublicEndpointId, ContractRoute> = generated;
