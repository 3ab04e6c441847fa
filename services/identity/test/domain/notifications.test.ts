import { DEFAULT_NOTIFICATION_SETTINGS, ORDER_STATUSES } from '@portal/contracts';
import { NEW_DEALERS_LISTED, newDealersNotice } from '../../src/domain/notifications/dealer-notices';
import { noticeMail } from '../../src/domain/notifications/notice-mail';
import {
  dealerHearsOf,
  dealerStatusNotice,
  type NoticedOrder,
  orderContent,
} from '../../src/domain/notifications/order-notices';
import { adminNoticeRecipients } from '../../src/domain/notifications/recipients';
import {
  crossedMultiples,
  MAX_MULTIPLES_CLAIMED,
  milestoneKey,
  monthLabel,
} from '../../src/domain/notifications/revenue-milestones';
import { systemErrorKey } from '../../src/domain/notifications/system-errors';

describe('Revenue milestones', () => {
  const T = 100_000; // $1000
  test('Given revenue rising past one multiple, Then that multiple is crossed', () => {
    expect(
      crossedMultiples({ beforeCents: 90_000, afterCents: 100_000, thresholdCents: T, highestClaimed: 0 }),
    ).toEqual([1]);
  });
  test('Given revenue rising past several multiples at once, Then each is crossed, the highest last', () => {
    expect(
      crossedMultiples({ beforeCents: 90_000, afterCents: 350_000, thresholdCents: T, highestClaimed: 0 }),
    ).toEqual([1, 2, 3]);
  });
  test('Given revenue rising without reaching the next multiple, Then nothing is crossed', () => {
    expect(
      crossedMultiples({ beforeCents: 100_000, afterCents: 199_999, thresholdCents: T, highestClaimed: 1 }),
    ).toEqual([]);
  });
  test('Given revenue that fell (a cancellation) and rises past an announced multiple again, Then nothing repeats', () => {
    expect(
      crossedMultiples({ beforeCents: 150_000, afterCents: 250_000, thresholdCents: T, highestClaimed: 3 }),
    ).toEqual([]);
    expect(
      crossedMultiples({ beforeCents: 150_000, afterCents: 450_000, thresholdCents: T, highestClaimed: 3 }),
    ).toEqual([4]);
  });
  test('Given revenue already past a multiple before the change (the switch was off), Then it is not announced late', () => {
    expect(
      crossedMultiples({ beforeCents: 120_000, afterCents: 130_000, thresholdCents: T, highestClaimed: 0 }),
    ).toEqual([]);
  });
  test('Given a threshold of 0 or one too large to hold, Then there are no milestones', () => {
    expect(crossedMultiples({ beforeCents: 0, afterCents: 500, thresholdCents: 0, highestClaimed: 0 })).toEqual([]);
    expect(
      crossedMultiples({
        beforeCents: 0,
        afterCents: 500,
        thresholdCents: Number.POSITIVE_INFINITY,
        highestClaimed: 0,
      }),
    ).toEqual([]);
  });
  test('Given a tiny threshold and a large order, Then only the highest multiples are claimed (bounded)', () => {
    const crossed = crossedMultiples({ beforeCents: 0, afterCents: 1_000_000, thresholdCents: 1, highestClaimed: 0 });
    expect(crossed).toHaveLength(MAX_MULTIPLES_CLAIMED);
    expect(crossed.at(-1)).toBe(1_000_000);
  });
  test('Keys and month names', () => {
    expect(milestoneKey('2026-11', T, 3)).toBe('2026-11:100000:3');
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
  });
});

describe('Admin notice recipients', () => {
  const admins = ['a@example.com', 'b@example.com'];
  test('The notification email when set, else every admin; nobody while the switch or email notifications are off', () => {
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, notification_email: ' ops@example.com ' };
    expect(adminNoticeRecipients(settings, 'notify_new_orders', admins)).toEqual(['ops@example.com']);
    expect(adminNoticeRecipients({ ...settings, notification_email: '' }, 'notify_new_orders', admins)).toEqual(admins);
    expect(adminNoticeRecipients({ ...settings, notify_new_orders: false }, 'notify_new_orders', admins)).toEqual([]);
    expect(
      adminNoticeRecipients({ ...settings, email_notifications_enabled: false }, 'notify_new_orders', admins),
    ).toEqual([]);
  });
});

describe('System error claims', () => {
  test('One key per kind per UTC hour', () => {
    const early = new Date('2026-11-27T01:00:00.000Z');
    const late = new Date('2026-11-27T01:59:59.999Z');
    const next = new Date('2026-11-27T02:00:00.000Z');
    expect(systemErrorKey('dead_letter', early)).toBe(systemErrorKey('dead_letter', late));
    expect(systemErrorKey('dead_letter', early)).not.toBe(systemErrorKey('dead_letter', next));
    expect(systemErrorKey('dead_letter', early)).not.toBe(systemErrorKey('stuck_outbox', early));
  });
});

describe('Order notices', () => {
  const order: NoticedOrder = {
    order_id: '11111111-2222-3333-4444-5555abcdef12',
    dealer_id: 'D1',
    status: 'shipped',
    total_cents: 12_345,
    items: [{ title: 'Hub Blind', quantity: 2, price_cents: 6_000 }],
    notes: null,
  };
  test('The dealer hears of confirmed, shipped, delivered and cancelled only', () => {
    expect(ORDER_STATUSES.filter(dealerHearsOf)).toEqual(['confirmed', 'shipped', 'delivered', 'cancelled']);
    expect(dealerStatusNotice(order, 'https://portal/x')?.subject).toBe('Your order ABCDEF12 is on its way');
    expect(dealerStatusNotice({ ...order, status: 'in_shipment' }, 'https://portal/x')).toBeNull();
  });
  test('Content changes with lines, notes or total, not with status', () => {
    const base = orderContent(order);
    const delivered: NoticedOrder = { ...order, status: 'delivered' };
    expect(orderContent(delivered)).toBe(base);
    expect(orderContent({ ...order, notes: 'rush' })).not.toBe(base);
    expect(orderContent({ ...order, total_cents: 1 })).not.toBe(base);
    expect(orderContent({ ...order, items: [{ title: 'Hub Blind', quantity: 3, price_cents: 6_000 }] })).not.toBe(base);
  });
});

describe('Notice mails', () => {
  test('User text is escaped in the HTML and the subject is one line', () => {
    const mail = noticeMail(['x@example.com'], {
      subject: 'New dealer application: <b>Evil</b>\r\nBcc: y@example.com',
      paragraphs: ['Message: <script>alert(1)</script> & "quotes"'],
      list: ['<img src=x>'],
      link: { label: 'Open', url: 'https://portal.example.com/admin/dashboard?a=1&b="2"' },
    });
    expect(mail.subject).toBe('New dealer application: <b>Evil</b> Bcc: y@example.com');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(mail.html).toContain('<li>&lt;img src=x&gt;</li>');
    expect(mail.html).toContain('href="https://portal.example.com/admin/dashboard?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Message: <script>alert(1)</script>');
    expect(mail.text).toContain('Open: https://portal.example.com/admin/dashboard');
  });
  test('A batch of new dealers lists the first ones and counts the rest', () => {
    const dealers = Array.from({ length: NEW_DEALERS_LISTED + 7 }, (_, i) => ({
      dealer_id: `D${i}`,
      business_name: `Dealer ${i}`,
      full_name: null,
      email: `d${i}@example.com`,
    }));
    const notice = newDealersNotice(dealers, 'https://portal/admin/dealers');
    expect(notice.subject).toBe(`${NEW_DEALERS_LISTED + 7} new dealers were added`);
    expect(notice.list).toHaveLength(NEW_DEALERS_LISTED + 1);
    expect(notice.list?.at(-1)).toBe('and 7 more');
    expect(newDealersNotice(dealers.slice(0, 1), 'u').subject).toBe('New dealer: Dealer 0');
  });
});
