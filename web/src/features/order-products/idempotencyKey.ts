/**
 * A fresh key for one confirmed order attempt: 128 random bits as hex. `crypto.getRandomValues` (not
 * `randomUUID`) because it also exists on a portal served over plain HTTP on a LAN address.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `order-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
