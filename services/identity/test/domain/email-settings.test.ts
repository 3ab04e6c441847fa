import {
  DEFAULT_EMAIL_SETTINGS,
  EncryptionKeyMissing,
  emailSettingsView,
  mailRoute,
  nextEmailSettings,
  openSmtpPassword,
  type StoredEmailSettings,
  StoredPasswordUnreadable,
  storedPasswordApplies,
} from '../../src/domain/settings/email-settings';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 9);
const form = {
  smtp_server: 'smtp.example.com',
  smtp_port: 587,
  smtp_username: 'mailer',
  sender_email: 'orders@example.com',
  use_ssl: false,
  notifications_enabled: true,
};
const saved = (changes: Partial<StoredEmailSettings> = {}): StoredEmailSettings => ({
  ...DEFAULT_EMAIL_SETTINGS,
  smtp_server: 'smtp.example.com',
  smtp_username: 'mailer',
  sender_email: 'orders@example.com',
  ...changes,
});

describe('nextEmailSettings (saving the form)', () => {
  test('When a password is given, Then it is stored sealed, never in clear, and opens with the same key only', () => {
    const next = nextEmailSettings(DEFAULT_EMAIL_SETTINGS, { ...form, smtp_password: 's3cret' }, KEY);
    expect(next.smtp_password_sealed).toMatch(/^v1\./);
    expect(JSON.stringify(next)).not.toContain('s3cret');
    expect(openSmtpPassword(KEY, next.smtp_password_sealed as string)).toBe('s3cret');
    expect(() => openSmtpPassword(OTHER_KEY, next.smtp_password_sealed as string)).toThrow(StoredPasswordUnreadable);
  });

  test('When a password is given but the server has no key, Then the rule refuses (EncryptionKeyMissing)', () => {
    expect(() => nextEmailSettings(DEFAULT_EMAIL_SETTINGS, { ...form, smtp_password: 's3cret' }, undefined)).toThrow(
      EncryptionKeyMissing,
    );
  });

  test('When the password is blank, Then the stored one is kept for the same server and username, dropped otherwise', () => {
    const current = saved({ smtp_password_sealed: 'v1.sealed' });
    expect(nextEmailSettings(current, { ...form, smtp_password: '' }, KEY).smtp_password_sealed).toBe('v1.sealed');
    expect(
      nextEmailSettings(current, { ...form, smtp_server: 'smtp.elsewhere.example' }, KEY).smtp_password_sealed,
    ).toBeNull();
    expect(nextEmailSettings(current, { ...form, smtp_username: 'someone-else' }, KEY).smtp_password_sealed).toBeNull();
  });

  test('When the server is cleared (back to the outbox), Then no password is kept or sealed, even a newly typed one', () => {
    const current = saved({ smtp_password_sealed: 'v1.sealed' });
    const cleared = nextEmailSettings(current, { ...form, smtp_server: '', smtp_password: 's3cret' }, undefined);
    expect(cleared).toMatchObject({ smtp_server: '', smtp_password_sealed: null });
    expect(mailRoute(cleared, 'file_outbox').description).toMatch(
      /^No SMTP server: mail is written to the outbox folder/,
    );
  });

  test('When read back, Then the view tells only whether a password is set', () => {
    expect(emailSettingsView(saved({ smtp_password_sealed: 'v1.sealed' }))).toMatchObject({ smtp_password_set: true });
    expect(emailSettingsView(saved())).not.toHaveProperty('smtp_password_sealed');
    expect(storedPasswordApplies(saved(), form)).toBe(false);
  });
});

describe('mailRoute (where product mail goes)', () => {
  test('When an SMTP server is saved, Then the saved settings win over the environment', () => {
    expect(mailRoute(saved(), 'environment_smtp')).toEqual({
      kind: 'saved_smtp',
      description: 'Mail is sent through the SMTP server saved here (smtp.example.com:587).',
    });
    expect(mailRoute(saved(), 'file_outbox').kind).toBe('saved_smtp');
  });

  test('When nothing is saved, Then the environment SMTP, else the file outbox', () => {
    expect(mailRoute(DEFAULT_EMAIL_SETTINGS, 'environment_smtp').kind).toBe('environment_smtp');
    expect(mailRoute(DEFAULT_EMAIL_SETTINGS, 'file_outbox').kind).toBe('file_outbox');
  });

  test('When notifications are off, Then the description says notices are not sent', () => {
    expect(mailRoute(saved({ notifications_enabled: false }), 'file_outbox').description).toMatch(
      /notifications are turned off/,
    );
  });
});
