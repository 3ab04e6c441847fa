/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** the external dealer-request page opened by Apply Now */
  readonly VITE_DEALER_REQUEST_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
