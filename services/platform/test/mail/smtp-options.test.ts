import { smtpTransportOptions } from '../../src/mail/smtp-options';

const base = { port: 587, secure: false, senderName: 'Portal', senderEmail: 'portal@blinds.example' };

describe('smtpTransportOptions', () => {
  it.each(['localhost', '127.0.0.1', '127.0.0.2', '::1', '[::1]'])(
    'When a plain receiver runs on this machine (%s), Then STARTTLS is skipped',
    (host) => {
      expect(smtpTransportOptions({ ...base, host }, 10_000).ignoreTLS).toBe(true);
    },
  );

  it.each(['smtp.example.com', 'mailpit', '10.0.0.5', '127.example.com'])(
    'When the server is elsewhere (%s), Then STARTTLS is used when offered and certificates are checked',
    (host) => {
      const options = smtpTransportOptions({ ...base, host }, 10_000);

      expect(options.ignoreTLS).toBe(false);
      expect(options.tls).toBeUndefined();
    },
  );

  it('When the connection is TLS from the start (465), Then STARTTLS is not skipped even on loopback', () => {
    expect(smtpTransportOptions({ ...base, host: '127.0.0.1', port: 465, secure: true }, 10_000).ignoreTLS).toBe(false);
  });

  it('When settings have a username, Then it is used with the password; without one, no login is tried', () => {
    const withLogin = smtpTransportOptions({ ...base, host: 'smtp.example.com', username: 'u', password: 'p' }, 10_000);
    const anonymous = smtpTransportOptions({ ...base, host: 'smtp.example.com' }, 10_000);

    expect(withLogin.auth).toEqual({ user: 'u', pass: 'p' });
    expect(anonymous.auth).toBeUndefined();
  });

  it.each([
    [587, false],
    [25, false],
  ])(
    'When a username goes to a server elsewhere on port %s, Then STARTTLS is required (never AUTH in clear)',
    (port, secure) => {
      const options = smtpTransportOptions(
        { ...base, host: 'smtp.example.com', port, secure, username: 'u', password: 'p' },
        10_000,
      );

      expect(options.requireTLS).toBe(true);
      expect(options.ignoreTLS).toBe(false);
    },
  );

  it('When TLS is on from the first byte (465), or no username is sent, or the receiver is on this machine, Then STARTTLS is not forced', () => {
    const login = { username: 'u', password: 'p' };
    expect(
      smtpTransportOptions({ ...base, ...login, host: 'smtp.example.com', port: 465, secure: true }, 10_000).requireTLS,
    ).toBe(false);
    expect(smtpTransportOptions({ ...base, host: 'smtp.example.com' }, 10_000).requireTLS).toBe(false);
    expect(smtpTransportOptions({ ...base, ...login, host: '127.0.0.1' }, 10_000).requireTLS).toBe(false);
  });

  it('When the destination was checked, Then nodemailer connects to its address and checks the certificate against the name', () => {
    const options = smtpTransportOptions({ ...base, host: 'smtp.example.com' }, 10_000, {
      address: '203.0.113.25',
      servername: 'smtp.example.com',
    });

    expect(options.host).toBe('203.0.113.25');
    expect(options.tls).toEqual({ servername: 'smtp.example.com' });
  });

  it('When a timeout is given, Then connecting, the greeting and DNS are bounded by it', () => {
    const options = smtpTransportOptions({ ...base, host: 'smtp.example.com' }, 4000);

    expect(options).toMatchObject({ connectionTimeout: 4000, greetingTimeout: 4000, dnsTimeout: 4000 });
    expect(options.socketTimeout).toBeLessThanOrEqual(12_000);
  });
});
