import { createLogger, type RunningService, startService } from '@portal/platform';
import request from 'supertest';
import { identityService } from '../../src/app';
import type { IdentityConfig } from '../../src/config';
import type { IdentityDeps } from '../../src/dependencies';
import type { TestIdentity } from './identity';

export interface IdentityReplica {
  service: RunningService<IdentityConfig, IdentityDeps>;
  /** an HTTP client of the replica (supertest) */
  http(): ReturnType<typeof request>;
  stop(): Promise<void>;
}

/** A second process of a started identity: its database, keys and settings (as the production overlay's ×2 runs). */
export async function startIdentityReplica(first: TestIdentity): Promise<IdentityReplica> {
  const service = (await startService(identityService, first.env, {
    logger: createLogger('test', 'silent'),
  })) as RunningService<IdentityConfig, IdentityDeps>;
  return { service, http: () => request(service.url), stop: () => service.stop() };
}
