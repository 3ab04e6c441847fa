import {
  escapeHtml,
  hashOpaqueToken,
  isUniqueViolation,
  newOpaqueToken,
  READABLE_ALPHABET,
  temporaryPassword,
} from '@portal/platform';
import { createTestDatabase } from '@portal/platform/testing';
import { Client } from 'pg';

describe('escapeHtml', () => {
  it('When text holds the five HTML-special characters, Then each becomes its entity', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('When text holds no special character, Then it is unchanged (and & is escaped once, not twice)', () => {
    expect(escapeHtml('Ridge Blinds, Springfield IL')).toBe('Ridge Blinds, Springfield IL');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('opaque tokens', () => {
  it('When a token is made, Then it is 43 URL-safe characters and never repeats', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newOpaqueToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('When a token is hashed, Then the hash is its SHA-256 in hex: stable, and different for another token', () => {
    // the SHA-256 of "abc" (FIPS 180-2 test vector): invitations stored before the move must still match
    expect(hashOpaqueToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = newOpaqueToken();
    expect(hashOpaqueToken(token)).toBe(hashOpaqueToken(token));
    expect(hashOpaqueToken(token)).not.toBe(hashOpaqueToken(newOpaqueToken()));
    expect(hashOpaqueToken(token)).not.toContain(token);
  });
});

describe('temporaryPassword', () => {
  it('When passwords are made, Then each has 16 characters of the readable alphabet and they differ', () => {
    const passwords = Array.from({ length: 200 }, () => temporaryPassword());
    expect(new Set(passwords).size).toBe(200);
    for (const password of passwords) {
      expect(password).toHaveLength(16);
      for (const c of password) expect(READABLE_ALPHABET).toContain(c);
    }
  });

  it('When many characters are drawn, Then no look-alike (0 O 1 I L U) ever appears and every readable one does', () => {
    const drawn = new Set(Array.from({ length: 300 }, () => temporaryPassword()).join(''));
    for (const c of '0O1ILU') expect(drawn.has(c)).toBe(false);
    expect(drawn.size).toBe(READABLE_ALPHABET.length);
  });
});

describe('isUniqueViolation', () => {
  it('When PostgreSQL refuses a duplicate key, Then the error is a unique violation; other errors are not', async () => {
    const db = await createTestDatabase('platform_unique');
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('CREATE TABLE t (email text PRIMARY KEY, n int NOT NULL)');
      await client.query("INSERT INTO t VALUES ('a@example.com', 1)");
      const duplicate = await client.query("INSERT INTO t VALUES ('a@example.com', 2)").catch((e: unknown) => e);
      const missing = await client.query("INSERT INTO t VALUES ('b@example.com', NULL)").catch((e: unknown) => e);
      expect(isUniqueViolation(duplicate)).toBe(true);
      expect(isUniqueViolation(missing)).toBe(false);
      expect(isUniqueViolation(new Error('23505'))).toBe(false);
      expect(isUniqueViolation(null)).toBe(false);
      expect(isUniqueViolation('23505')).toBe(false);
    } finally {
      await client.end();
      await db.drop();
    }
  });
});
