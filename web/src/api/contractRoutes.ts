import type { EndpointDef, endpoints } from '@portal/contracts';

/**
 * What the browser needs of a contract endpoint to call it: method, path and whether it is public (sent without
 * the bearer token). Built at build time from the contract (the Vite plugin in vite.config.ts serves it as
 * `virtual:contract-routes`), so the client calls every endpoint as declared without shipping the contract's zod
 * schemas in the first chunk.
 */
export interface ContractRoute {
  method: EndpointDef['method'];
  path: string;
  anonymous: boolean;
}

export type EndpointId = keyof typeof endpoints;
export type ContractRoutes = Record<EndpointId, ContractRoute>;

/** The route table of every endpoint in the contract. */
export function contractRoutes(all: Record<string, EndpointDef>): Record<string, ContractRoute> {
  return Object.fromEntries(
    Object.values(all).map((def) => [
      def.id,
      { method: def.method, path: def.path, anonymous: def.access.kind === 'public' },
    ]),
  );
}

/** The route table of the public endpoints only: all the first page load needs (api/publicCall.ts). */
export function publicContractRoutes(all: Record<string, EndpointDef>): Record<string, ContractRoute> {
  return Object.fromEntries(Object.entries(contractRoutes(all)).filter(([, route]) => route.anonymous));
}
