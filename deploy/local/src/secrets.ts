import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTokenKeys } from '@portal/platform';

/**
 * Secrets of the one-machine portal: taken from the environment when given, otherwise generated on
 * the first start and kept (mode 0600) in the data folder so they survive restarts.
 */
export class LocalSecrets {
  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** a random secret kept under `name` */
  value(name: string, make = () => randomBytes(18).toString('base64url')): string {
    const file = join(this.dir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const value = make();
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    return value;
  }

  /**
   * The keys the portal generates once and keeps when the environment does not set them, as `service` reads them:
   * identity's key of stored secrets, and the key of download links — media's for pictures, shipping's own
   * (PROOF_LINK_SIGNING_KEY) for proof-of-delivery images, so that no picture link can open a signature.
   */
  generatedKeys(
    env: NodeJS.ProcessEnv,
    service: string,
  ): { SETTINGS_ENCRYPTION_KEY: string; DOWNLOAD_SIGNING_KEY: string } {
    const linkKey = (given: string | undefined, file: string) =>
      given ?? this.value(file, () => randomBytes(32).toString('base64url'));
    return {
      SETTINGS_ENCRYPTION_KEY:
        env.SETTINGS_ENCRYPTION_KEY ?? this.value('settings-encryption-key', () => randomBytes(32).toString('base64')),
      DOWNLOAD_SIGNING_KEY:
        service === 'shipping'
          ? linkKey(env.PROOF_LINK_SIGNING_KEY, 'proof-link-signing-key')
          : linkKey(env.DOWNLOAD_SIGNING_KEY, 'download-signing-key'),
    };
  }

  tokenKeys(env: NodeJS.ProcessEnv): { privateKey: string; publicKey: string } {
    if (env.JWT_PRIVATE_KEY && env.JWT_PUBLIC_KEY)
      return { privateKey: env.JWT_PRIVATE_KEY, publicKey: env.JWT_PUBLIC_KEY };
    const privFile = join(this.dir, 'jwt-private.pem');
    const pubFile = join(this.dir, 'jwt-public.pem');
    if (!existsSync(privFile) || !existsSync(pubFile)) {
      const keys = generateTokenKeys();
      writeFileSync(privFile, keys.privateKey, { mode: 0o600 });
      writeFileSync(pubFile, keys.publicKey, { mode: 0o600 });
    }
    return { privateKey: readFileSync(privFile, 'utf8'), publicKey: readFileSync(pubFile, 'utf8') };
  }
}
