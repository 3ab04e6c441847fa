/**
 * The real identity and dealer services (platform/testing harness: one fresh database, one bus) behind the
 * real gateway, configured through the same environment parsing as production. The other six services
 * point at a closed port.
 */
import { SERVICES } from '@portal/contracts';
import { dealerService } from '@portal/dealer';
import { loadGatewayConfig, type RunningGateway, startGateway } from '@portal/gateway';
import { identityService } from '@portal/identity';
import { createLogger } from '@portal/platform';
import { startTestServices, type TestServices } from '@portal/platform/testing';

export const ADMIN = { email: 'owner@example.com', password: 'correct horse battery' };
const ENCRYPTION_KEY = 'a3f1c2d4e5b6978812345678abcdef0011223344556677889900aabbccddeeff';

export interface PortalBehindGateway {
  portal: TestServices;
  gateway: RunningGateway;
  stop(): Promise<void>;
}

export async function startPortalBehindGateway(prefix: string, syncIntervalMs = 1000): Promise<PortalBehindGateway> {
  const sync = String(syncIntervalMs);
  const portal = await startTestServices([identityService, dealerService], {
    prefix,
    env: { SESSION_SYNC_INTERVAL_MS: sync },
    envOf: {
      identity: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SETTINGS_ENCRYPTION_KEY: ENCRYPTION_KEY },
    },
  });
  const urls = Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, 'http://127.0.0.1:9']));
  const gateway = await startGateway(
    loadGatewayConfig({
      ...urls,
      IDENTITY_URL: portal.service('identity').url,
      DEALER_URL: portal.service('dealer').url,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_PUBLIC_KEY: portal.envOf('identity').JWT_PUBLIC_KEY,
      SESSION_SYNC_INTERVAL_MS: sync,
    }),
    { logger: createLogger('gateway-test', 'silent') },
  );
  await gateway.app.revocations.sync();
  return {
    portal,
    gateway,
    async stop() {
      await gateway.stop(1000);
      await portal.stop();
    },
  };
}
