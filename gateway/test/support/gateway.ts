import { randomUUID } from 'node:crypto';
import { type Role, SERVICES, type ServiceName } from '@portal/contracts';
import {
  createLogger,
  createTokenSigner,
  generateTokenKeys,
  SessionRevocations,
  staticRevocationFeed,
} from '@portal/platform';
import { loadGatewayConfig, type RunningGateway, startGateway } from '../../src/app';
import { startUpstream, type Upstream } from './upstream';

export const ISSUER = 'dealer-portal';
export const AUDIENCE = 'dealer-portal-api';

export interface TestGateway {
  gateway: RunningGateway;
  url: string;
  /** one stand-in per service (absent for services given a URL in `env`) */
  upstreams: Partial<Record<ServiceName, Upstream>>;
  keys: { privateKey: string; publicKey: string };
  /** a valid token for a user of `role` (dealers belong to `dealerId`), of session `sid` (default: a new one) */
  token(role: Role, dealerId?: string, sid?: string): string;
  /** revokes a session, as identity would, and waits for the gateway's list to have it */
  revoke(sid: string): Promise<void>;
  stop(): Promise<void>;
}

export interface TestGatewayOptions {
  /**
   * 'shared' (default): the gateway is handed a revocation list fed in memory (`revoke`), as the one-machine
   * portal hands it one; 'poll': it polls the identity stand-in's /internal/session-revocations itself.
   */
  sessions?: 'shared' | 'poll';
}

/**
 * Starts every service stand-in (unless `env` names a URL for it) and the gateway on port 0, configured
 * through the same environment parsing as production.
 */
export async function startTestGateway(
  env: Record<string, string> = {},
  opts: TestGatewayOptions = {},
): Promise<TestGateway> {
  const keys = generateTokenKeys();
  const upstreams: Partial<Record<ServiceName, Upstream>> = {};
  const urls: Record<string, string> = {};
  for (const service of SERVICES) {
    const key = `${service.toUpperCase()}_URL`;
    const given = env[key];
    if (given) {
      urls[key] = given;
    } else {
      const upstream = await startUpstream(service);
      upstreams[service] = upstream;
      urls[key] = upstream.url;
    }
  }
  const config = loadGatewayConfig({ PORT: '0', HOST: '127.0.0.1', JWT_PUBLIC_KEY: keys.publicKey, ...urls, ...env });
  const logger = createLogger('gateway-test', 'silent');
  const feed = staticRevocationFeed();
  const revocations =
    opts.sessions === 'poll' ? undefined : new SessionRevocations({ feed, logger, intervalMs: 60_000 });
  await revocations?.start();
  const gateway = await startGateway(config, { logger, revocations });
  const signer = createTokenSigner({
    privateKey: keys.privateKey,
    issuer: ISSUER,
    audience: AUDIENCE,
    ttlSeconds: 600,
  });
  return {
    gateway,
    url: gateway.url,
    upstreams,
    keys,
    token: (role, dealerId, sid = randomUUID()) =>
      signer.sign({
        sub: `user-${role}`,
        email: `${role}@example.com`,
        name: `A ${role}`,
        role,
        dealerId: role === 'dealer' ? (dealerId ?? 'dealer-1') : null,
        sid,
      }).token,
    async revoke(sid) {
      if (!revocations) throw new Error('this gateway polls identity: revoke through the identity stand-in');
      feed.revoke(sid);
      await revocations.sync();
    },
    async stop() {
      await gateway.stop(1000);
      revocations?.stop();
      await Promise.all(Object.values(upstreams).map((u) => u.close()));
    },
  };
}
