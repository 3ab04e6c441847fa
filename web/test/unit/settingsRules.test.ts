import { DEFAULT_NOTIFICATION_SETTINGS, endpoints } from '@portal/contracts';
import { emailSettingsChange, emailTestFailureText, mailRouteLabel } from '../../src/features/settings/email/emailForm';
import { notificationFormOf, notificationSettingsOf } from '../../src/features/settings/notifications/notificationForm';
import { defaultTermsOf } from '../../src/features/settings/system/paymentTerms';
import { addZone, removeZone } from '../../src/features/settings/system/zoneRules';

const DEFAULTS = ['Eastern Zone', 'Midwest Zone', 'Southern Zone', 'Western Zone'];

describe('Zone rules of System Configuration', () => {
  test('When a new zone is added, Then it is appended, trimmed', () => {
    expect(addZone(DEFAULTS, '  Northeast Zone ')).toEqual({ zones: [...DEFAULTS, 'Northeast Zone'] });
  });

  test('When the zone exists already, in any case, Then "Error: Zone already exists"', () => {
    expect(addZone(DEFAULTS, 'eastern zone')).toEqual({ error: 'Error: Zone already exists' });
  });

  test('When the name is blank, Then no zone is added', () => {
    expect(addZone(DEFAULTS, '   ')).toEqual({ error: 'Error: Zone name is required' });
  });

  test('When a zone is removed, Then the others stay in order', () => {
    expect(removeZone(DEFAULTS, 'Midwest Zone')).toEqual({ zones: ['Eastern Zone', 'Southern Zone', 'Western Zone'] });
  });

  test('When the last zone would be removed, Then "Error: At least one zone must remain"', () => {
    expect(removeZone(['Eastern Zone'], 'Eastern Zone')).toEqual({ error: 'Error: At least one zone must remain' });
  });
});

describe('Default payment terms of System Configuration', () => {
  test('When whole days from 0 to 365 are typed, Then they are saved as a number', () => {
    expect(defaultTermsOf(' 45 ')).toEqual({ days: 45 });
    expect(defaultTermsOf('0')).toEqual({ days: 0 });
    expect(defaultTermsOf('365')).toEqual({ days: 365 });
  });

  test('When the days are blank, negative, fractional or over 365, Then the contract message', () => {
    for (const typed of ['', '-1', '12.5', '366', '3e1', 'thirty']) {
      expect(defaultTermsOf(typed)).toEqual({
        problem: 'Default payment terms must be a whole number of days from 0 to 365',
      });
    }
  });
});

describe('The Email Settings form', () => {
  const form = {
    smtp_server: 'smtp.example.com',
    smtp_port: 587 as const,
    smtp_username: 'mailer',
    smtp_password: '',
    sender_name: 'Dealer Portal',
    sender_email: 'noreply@example.com',
    use_ssl: false,
    notifications_enabled: true,
  };

  test('When the password is left blank, Then it is not sent, so the saved one is kept', () => {
    expect(emailSettingsChange(form)).not.toHaveProperty('smtp_password');
  });

  test('When the test mail fails, Then "Email test failed: " plus the reason, once, or "Connection error"', () => {
    expect(emailTestFailureText('Email test failed: connect ECONNREFUSED')).toBe(
      'Email test failed: connect ECONNREFUSED',
    );
    expect(emailTestFailureText('Invalid login')).toBe('Email test failed: Invalid login');
    expect(emailTestFailureText(undefined)).toBe('Email test failed: Connection error');
  });

  test('When the server is left blank, Then saving is allowed (mail goes back to the outbox folder) but a test mail needs a server', () => {
    const cleared = emailSettingsChange({ ...form, smtp_server: '' });
    expect(endpoints['admin.saveEmailSettings'].body.safeParse(cleared).success).toBe(true);
    const test = endpoints['admin.testEmail'].body.safeParse(cleared);
    expect(test.error?.issues[0]?.message).toBe('Error: SMTP server is required');
    expect(mailRouteLabel('file_outbox')).toBe('the outbox folder (no SMTP server)');
  });

  test('When a password is typed, Then it is sent', () => {
    expect(emailSettingsChange({ ...form, smtp_password: 's3cret' })).toMatchObject({ smtp_password: 's3cret' });
  });
});

describe('The Notification Settings form', () => {
  test('When the defaults are edited and sent back, Then the thresholds are numbers again', () => {
    const form = notificationFormOf(DEFAULT_NOTIFICATION_SETTINGS);
    expect(form).toMatchObject({
      large_order_threshold: '1000',
      revenue_threshold: '1000',
      daily_report_time: '08:00',
    });
    expect(notificationSettingsOf({ ...form, revenue_threshold: '2500.5' })).toMatchObject({
      large_order_threshold: 1000,
      revenue_threshold: 2500.5,
    });
  });

  test('When a threshold is blank, Then it is not a number (and the contract rejects it)', () => {
    const form = notificationFormOf(DEFAULT_NOTIFICATION_SETTINGS);
    expect(notificationSettingsOf({ ...form, large_order_threshold: ' ' }).large_order_threshold).toBeNaN();
  });
});
