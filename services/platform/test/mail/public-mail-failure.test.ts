import { MailError, publicMailFailure } from '../../src/mail';

/** nodemailer-shaped errors: a code, a message naming the server, sometimes an SMTP reply code. */
const smtpError = (code: string, message: string, responseCode?: number) =>
  Object.assign(new Error(message), { code, ...(responseCode ? { responseCode } : {}) });

describe('publicMailFailure', () => {
  test.each([
    [smtpError('ESOCKET', 'connect ECONNREFUSED 10.0.0.12:587'), /refused the connection/],
    [smtpError('EDNS', 'getaddrinfo ENOTFOUND smtp.corp.internal'), /name could not be found/],
    [smtpError('ETIMEDOUT', 'Connection timeout'), /did not answer in time/],
    [smtpError('ESOCKET', '0A00010B:SSL routines:ssl3_get_record:wrong version number'), /secure connection/],
    [
      smtpError('EAUTH', 'Invalid login: 535 5.7.8 Authentication failed for relay.corp.internal', 535),
      /username or password \(SMTP reply 535\)/,
    ],
    [
      smtpError('EENVELOPE', 'Mail command failed: 553 relay.corp.internal: sender rejected', 553),
      /sender or recipient/,
    ],
    [new MailError(smtpError('ESOCKET', 'connect EHOSTUNREACH 10.0.0.12:25')), /connection to the SMTP server failed/],
  ])('When the failure is %s, Then the reason says what to check and names no host or address', (err, reason) => {
    const text = publicMailFailure(err);
    expect(text).toMatch(reason);
    expect(text).not.toMatch(/10\.0\.0\.12|corp\.internal|:587|:25\b/);
  });

  test('When the error is unknown, Then a generic reason, still without detail', () => {
    expect(publicMailFailure(new Error('weird failure at 10.1.2.3'))).toBe('the SMTP server could not send the mail');
  });
});
