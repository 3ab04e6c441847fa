import { SERVICES, type ServiceName } from '@portal/contracts';
import { loadConfig, PemKey, TrustProxy } from '@portal/platform';
import { z } from 'zod';

const serviceUrl = z.url({ protocol: /^https?$/ });
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** The gateway's environment (names fixed for the whole project). Unknown variables are ignored. */
export const GatewayEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_PUBLIC_KEY: PemKey,
  JWT_ISSUER: z.string().min(1).default('dealer-portal'),
  JWT_AUDIENCE: z.string().min(1).default('dealer-portal-api'),
  IDENTITY_URL: serviceUrl,
  DEALER_URL: serviceUrl,
  ORDER_URL: serviceUrl,
  SHIPPING_URL: serviceUrl,
  CATALOG_URL: serviceUrl,
  MEDIA_URL: serviceUrl,
  GEOCODING_URL: serviceUrl,
  INCENTIVE_URL: serviceUrl,
  WEB_DIST: z.string().min(1).optional(),
  PROXY_TIMEOUT_MS: positiveInt(15_000),
  /** by default the gateway is the edge: X-Forwarded-For from clients is ignored */
  TRUST_PROXY: TrustProxy('false'),
  /** how often the revoked sessions are fetched from identity */
  SESSION_SYNC_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  /**
   * the port of the gateway's own GET /metrics, apart from the public one (which never answers /metrics);
   * unset: no metrics listener (the one-machine portal, tests)
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});
export type GatewayEnv = z.infer<typeof GatewayEnv>;

export interface GatewayConfig {
  port: number;
  host: string;
  logLevel: GatewayEnv['LOG_LEVEL'];
  jwt: { publicKey: string; issuer: string; audience: string };
  /** base URL of each service, e.g. http://127.0.0.1:4001 */
  services: Record<ServiceName, string>;
  /** the built web client; when absent, only /api and the gateway's own pages are served */
  webDist?: string;
  proxyTimeoutMs: number;
  trustProxy: boolean | number | string;
  /** how often identity is asked for revoked sessions */
  sessionSyncIntervalMs: number;
  /** allow the browser to load Google Maps (the Content-Security-Policy names its origins) */
  googleMaps: boolean;
  /** where Prometheus scrapes the gateway's /metrics (never on the public port); absent: not served */
  metricsPort?: number;
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable (fail fast). */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const e = loadConfig(GatewayEnv, env);
  const services = Object.fromEntries(
    SERVICES.map((name) => [name, e[`${name.toUpperCase() as Uppercase<ServiceName>}_URL` as const]]),
  ) as Record<ServiceName, string>;
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    jwt: { publicKey: e.JWT_PUBLIC_KEY, issuer: e.JWT_ISSUER, audience: e.JWT_AUDIENCE },
    services,
    webDist: e.WEB_DIST,
    proxyTimeoutMs: e.PROXY_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    sessionSyncIntervalMs: e.SESSION_SYNC_INTERVAL_MS,
    googleMaps: Boolean(e.GOOGLE_MAPS_API_KEY),
    metricsPort: e.METRICS_PORT,
  };
}
