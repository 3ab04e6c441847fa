/// <reference types="vite/client" />

// no VITE_* settings: Apply Now's external page is the company settings' dealer_application_url
type ImportMetaEnv = {};

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The contract's route table, generated at build time by the plugin in vite.config.ts. */
declare module 'virtual:contract-routes' {
  export const routes: import('./api/contractRoutes').ContractRoutes;
}

/** The public endpoints' routes only, for the first chunk. */
declare module 'virtual:contract-routes/public' {
  export const routes: Record<
    import('./api/contractTypes').PublicEndpointId,
    import('./api/contractRoutes').ContractRoute
  >;
}
