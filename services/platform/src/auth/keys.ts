import { generateKeyPairSync } from 'node:crypto';

/** A fresh ES256 key pair in PEM, for tests and the one-machine portal's first start. */
export function generateTokenKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}
