/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** the external dealer-request page opened by Apply Now */
  readonly VITE_DEALER_REQUEST_URL?: string;
}

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
