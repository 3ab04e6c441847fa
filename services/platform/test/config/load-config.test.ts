import { BaseConfig, ConfigError, generateTokenKeys, loadConfig } from '@portal/platform';

const { publicKey } = generateTokenKeys();
const good = { DATABASE_URL: 'postgres://svc:secret@127.0.0.1:5432/portal', JWT_PUBLIC_KEY: publicKey };

function failureOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(BaseConfig, env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig(BaseConfig, env)', () => {
  test('When the environment is complete, Then the defaults fill the rest', () => {
    const config = loadConfig(BaseConfig, good);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      JWT_ISSUER: 'dealer-portal',
      JWT_AUDIENCE: 'dealer-portal-api',
    });
    expect(config.JWT_PUBLIC_KEY).toBe(publicKey);
  });

  test('When several variables are bad at once, Then one error names every one of them', () => {
    const err = failureOf({ PORT: 'eighty', JWT_PUBLIC_KEY: 'not a key', AMQP_URL: 'http://rabbit' });
    const named = err.issues.map((issue) => issue.split(':')[0]);
    expect(named).toEqual(expect.arrayContaining(['DATABASE_URL', 'PORT', 'JWT_PUBLIC_KEY', 'AMQP_URL']));
    expect(err.message).toMatch(/^Invalid configuration:/);
    expect(err.message).toContain('JWT_PUBLIC_KEY: must be a PEM key');
  });

  test('When PORT is out of range or DATABASE_URL is not PostgreSQL, Then the start is refused', () => {
    expect(failureOf({ ...good, PORT: '70000' }).issues).toEqual([expect.stringMatching(/^PORT:/)]);
    expect(failureOf({ ...good, DATABASE_URL: 'mysql://db/portal' }).issues).toEqual([
      expect.stringMatching(/^DATABASE_URL:/),
    ]);
  });

  test('When JWT_PUBLIC_KEY looks like PEM but its content is damaged, Then the start is refused', () => {
    const damaged = '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n';
    expect(failureOf({ ...good, JWT_PUBLIC_KEY: damaged }).issues).toEqual(['JWT_PUBLIC_KEY: must be a PEM key']);
  });

  test('When a PEM key arrives with escaped newlines (env files), Then its newlines are restored', () => {
    const escaped = publicKey.replace(/\n/g, '\\n');
    expect(escaped).not.toContain('\n');
    const config = loadConfig(BaseConfig, { ...good, JWT_PUBLIC_KEY: escaped });
    expect(config.JWT_PUBLIC_KEY).toBe(publicKey);
  });
});
