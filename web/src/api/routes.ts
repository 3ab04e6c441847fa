import { routes as generated } from 'virtual:contract-routes';
import type { ContractRoutes } from './contractRoutes';

/** Every contract endpoint's method, path and publicness, generated from the contract at build time. */
export const routes: ContractRoutes = generated;
