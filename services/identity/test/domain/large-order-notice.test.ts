import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@portal/contracts';
import { largeOrderMail, largeOrderRecipients, thresholdCents } from '../../src/domain/large-order-notice';

const ADMINS = ['ada@example.com', 'grace@example.com'];

const settings = (changes: Partial<NotificationSettings> = {}): NotificationSettings => ({
  ...DEFAULT_NOTIFICATION_SETTINGS,
  notification_email: 'owner@example.com',
  ...changes,
});

describe('large-order rule', () => {
  test('When the total is above the default threshold of $1000 and notify_large_orders is on, Then the notification email is told', () => {
    expect(largeOrderRecipients(settings(), 100001, ADMINS)).toEqual(['owner@example.com']);
  });

  test('When the total is exactly the threshold or below, Then no notice', () => {
    expect(largeOrderRecipients(settings(), 100000, ADMINS)).toEqual([]);
    expect(largeOrderRecipients(settings(), 99999, ADMINS)).toEqual([]);
  });

  test('When notify_large_orders or email notifications are off, Then no notice; without a notification email, Then the admins', () => {
    expect(largeOrderRecipients(settings({ notify_large_orders: false }), 500000, ADMINS)).toEqual([]);
    expect(largeOrderRecipients(settings({ email_notifications_enabled: false }), 500000, ADMINS)).toEqual([]);
    // no notification email: every admin hears of it
    expect(largeOrderRecipients(settings({ notification_email: '  ' }), 500000, ADMINS)).toEqual(ADMINS);
  });

  test('When the threshold has cents, Then the comparison is in whole cents, never floats', () => {
    expect(thresholdCents(1000)).toBe(100000);
    expect(thresholdCents(0.1 + 0.2)).toBe(30); // 0.30000000000000004 dollars: exceeded from 31 cents on
    expect(thresholdCents(19.99)).toBe(1999);
    expect(thresholdCents(1000.555)).toBe(100055);
    expect(thresholdCents(0)).toBe(0);
    expect(thresholdCents(1e21)).toBe(Number.POSITIVE_INFINITY);
    expect(largeOrderRecipients(settings({ large_order_threshold: 19.99 }), 2000, ADMINS)).toEqual([
      'owner@example.com',
    ]);
    expect(largeOrderRecipients(settings({ large_order_threshold: 19.99 }), 1999, ADMINS)).toEqual([]);
    expect(largeOrderRecipients(settings({ large_order_threshold: 1000.555 }), 100056, ADMINS)).toEqual([
      'owner@example.com',
    ]);
    expect(largeOrderRecipients(settings({ large_order_threshold: 1000.555 }), 100055, ADMINS)).toEqual([]);
  });
});

describe('large-order notice mail', () => {
  const order = {
    order_id: '3f2a9c1e-77aa-4c1b-9d2e-0a1b2c3d4e5f',
    dealer_id: 'D1',
    total_cents: 123456,
    items: [{ title: 'Hub <Blind>', quantity: 2, price_cents: 61728 }],
    notes: 'Rush',
  };

  test('When a notice is written, Then the subject names the order number and the dealer, the body the total in dollars', () => {
    const mail = largeOrderMail(['owner@example.com'], order, 'Timber Blinds', settings());
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.subject).toBe('Large order 2C3D4E5F from Timber Blinds: $1234.56');
    expect(mail.text).toContain(
      'Order 2C3D4E5F from Timber Blinds totals $1234.56, above the large-order threshold of $1000.00.',
    );
    expect(mail.text).toContain('2 × Hub <Blind> at $617.28');
    expect(mail.html).toContain('Hub &lt;Blind&gt;');
  });

  test('When the dealer is not known to identity, Then the notice names its id', () => {
    expect(largeOrderMail(['owner@example.com'], order, null, settings()).subject).toBe(
      'Large order 2C3D4E5F from dealer D1: $1234.56',
    );
  });
});
