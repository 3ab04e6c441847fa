import { createDownloadTokens, DownloadLinkEnv, downloadSigningKey } from '../../src/storage';

const KEY = 'k'.repeat(32);
const tokens = createDownloadTokens({ key: KEY, ttlSeconds: 300, purpose: 'picture-download' });
const at = (iso: string) => new Date(iso);

describe('download tokens', () => {
  it('When a token is verified before it expires, Then it answers the subject it was made for', () => {
    const token = tokens.sign('3f1c2a9e-1b2c-4d5e-8f90-123456789abc', at('2026-01-01T00:00:00Z'));

    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(tokens.verify(token, at('2026-01-01T00:04:59Z'))).toBe('3f1c2a9e-1b2c-4d5e-8f90-123456789abc');
  });

  it('When a token is verified at or after its expiry, Then 410 with the expired-link message', () => {
    const token = tokens.sign('p1', at('2026-01-01T00:00:00Z'));

    expect(() => tokens.verify(token, at('2026-01-01T00:05:00Z'))).toThrow(
      expect.objectContaining({ status: 410, detail: expect.stringMatching(/^Error: This download link has expired/) }),
    );
  });

  it.each([
    ['another subject', (t: string) => t.replace(/^p1\./, 'p2.')],
    ['a later expiry', (t: string) => t.replace(/\.(\d+)\./, (_, e: string) => `.${Number(e) + 3600}.`)],
    ['a changed signature', (t: string) => t.slice(0, -1) + (t.endsWith('A') ? 'B' : 'A')],
    ['a truncated signature', (t: string) => t.slice(0, -2)],
    ['no signature', (t: string) => t.split('.').slice(0, 2).join('.')],
    ['a path in the subject', (t: string) => `..%2F${t}`],
  ])('When the token carries %s, Then 403 with the invalid-link message', (_what, tamper) => {
    const token = tokens.sign('p1', at('2026-01-01T00:00:00Z'));

    expect(() => tokens.verify(tamper(token), at('2026-01-01T00:00:01Z'))).toThrow(
      expect.objectContaining({
        status: 403,
        detail: expect.stringMatching(/^Error: This download link is not valid/),
      }),
    );
  });

  it('When a token was made with another key or for another purpose, Then it is refused with 403', () => {
    const token = tokens.sign('p1');

    const otherKey = createDownloadTokens({ key: 'x'.repeat(32), ttlSeconds: 300, purpose: 'picture-download' });
    const otherPurpose = createDownloadTokens({ key: KEY, ttlSeconds: 300, purpose: 'invoice-download' });

    expect(() => otherKey.verify(token)).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => otherPurpose.verify(token)).toThrow(expect.objectContaining({ status: 403 }));
  });

  it('When a subject is not an id, Then no token is made for it', () => {
    expect(() => tokens.sign('../etc/passwd')).toThrow();
  });
});

describe('download link configuration', () => {
  it('When nothing is set, Then links last 5 minutes', () => {
    expect(DownloadLinkEnv.parse({}).DOWNLOAD_URL_TTL_SECONDS).toBe(300);
  });

  it('When the signing key is shorter than 32 characters, Then the configuration is refused', () => {
    expect(DownloadLinkEnv.safeParse({ DOWNLOAD_SIGNING_KEY: 'short' }).success).toBe(false);
  });

  it('When production runs without a signing key, Then it refuses to start; elsewhere a random key is used and told', () => {
    const told = jest.fn();

    expect(() => downloadSigningKey({ DOWNLOAD_URL_TTL_SECONDS: 300, NODE_ENV: 'production' })).toThrow(
      /DOWNLOAD_SIGNING_KEY is required in production/,
    );
    const a = downloadSigningKey({ DOWNLOAD_URL_TTL_SECONDS: 300, NODE_ENV: 'development' }, told);
    const b = downloadSigningKey({ DOWNLOAD_URL_TTL_SECONDS: 300, NODE_ENV: 'development' }, told);

    expect(told).toHaveBeenCalledTimes(2);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(downloadSigningKey({ DOWNLOAD_SIGNING_KEY: KEY, DOWNLOAD_URL_TTL_SECONDS: 300 })).toBe(KEY);
  });
});
