import { MailError, mailFailureKind, publicMailFailure, SmtpDestinationRefused } from '../../src/mail';

/** nodemailer-shaped errors: a code, a message naming the server, sometimes an SMTP reply code. */
const smtpError = (code: string, message: string, responseCode?: number, command = 'CONN') =>
  Object.assign(new Error(message), { code, command, ...(responseCode ? { responseCode } : {}) });

describe('publicMailFailure', () => {
  test.each([
    [smtpError('ESOCKET', 'connect ECONNREFUSED 10.0.0.12:587'), /^could not reach the mail server\. Check/],
    [smtpError('EDNS', 'getaddrinfo ENOTFOUND smtp.corp.internal'), /^could not reach the mail server\. Check/],
    [smtpError('ETIMEDOUT', 'Connection timeout'), /^could not reach the mail server\. Check/],
    [smtpError('ETLS', 'Error initiating TLS - self-signed certificate', undefined, 'STARTTLS'), /secure connection/],
    [
      smtpError('EAUTH', 'Invalid login: 535 5.7.8 Authentication failed for relay.corp.internal', 535),
      /username or password \(SMTP reply 535\)/,
    ],
    [
      smtpError('EENVELOPE', 'Mail command failed: 553 relay.corp.internal: sender rejected', 553),
      /sender or recipient/,
    ],
    [
      new MailError(smtpError('ESOCKET', 'connect EHOSTUNREACH 10.0.0.12:25')),
      /^could not reach the mail server\. Check/,
    ],
  ])('When the failure is %s, Then the reason says what to check and names no host or address', (err, reason) => {
    const text = publicMailFailure(err);
    expect(text).toMatch(reason);
    expect(text).not.toMatch(/10\.0\.0\.12|corp\.internal|:587|:25\b/);
  });

  test('When the error is unknown, Then a generic reason, still without detail', () => {
    expect(publicMailFailure(new Error('weird failure at 10.1.2.3'))).toBe('the SMTP server could not send the mail');
  });

  test.each([
    ['closed', smtpError('ESOCKET', 'connect ECONNREFUSED 203.0.113.9:587')],
    ['filtered', smtpError('ETIMEDOUT', 'Connection timeout')],
    ['not SMTP', smtpError('EPROTOCOL', 'Invalid greeting. response=SSH-2.0-OpenSSH_9.6: SSH-2.0-OpenSSH_9.6')],
    ['not TLS on 465', smtpError('ESOCKET', '0A00010B:SSL routines:ssl3_get_record:wrong version number')],
    ['no answer at all', smtpError('ECONNECTION', 'Connection closed unexpectedly')],
  ])(
    'When the host is %s, Then the failure is one and the same: the server (as the admin named it) could not be reached',
    (_, cause) => {
      expect(mailFailureKind(cause)).toBe('unreachable');
      expect(publicMailFailure(new MailError(cause, 'mail.example.com:587'))).toBe(
        'could not reach the mail server mail.example.com:587. Check the server name and port.',
      );
    },
  );

  test('When the destination is refused by the address rule, Then the rule is the reason', () => {
    const refused = new SmtpDestinationRefused('The SMTP server 10.0.0.5 is a private network address: no.');
    expect(mailFailureKind(refused)).toBe('refused_destination');
    expect(publicMailFailure(refused)).toBe('the SMTP server 10.0.0.5 is a private network address: no.');
  });
});
