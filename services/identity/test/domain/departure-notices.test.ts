import { departureNotice, departuresByDealer } from '../../src/domain/notifications/departure-notices';
import { noticeMail } from '../../src/domain/notifications/notice-mail';

const ZONE = 'America/Chicago';
const URL = 'https://portal.example.com/dealer/orders';

describe("a route's departure, per dealer", () => {
  test('When a dealer has two stops on the route, Then it is one entry: its orders in stop order, each once, and its earliest ETA', () => {
    expect(
      departuresByDealer([
        { dealer_id: 'D2', stop_number: 2, order_ids: ['o-3'], eta_at: '2026-03-02T18:00:00.000Z' },
        { dealer_id: 'D1', stop_number: 3, order_ids: ['o-2', 'o-1'], eta_at: '2026-03-02T19:00:00.000Z' },
        { dealer_id: 'D1', stop_number: 1, order_ids: ['o-1'], eta_at: null },
      ]),
    ).toEqual([
      { dealer_id: 'D1', order_ids: ['o-1', 'o-2'], eta_at: '2026-03-02T19:00:00.000Z' },
      { dealer_id: 'D2', order_ids: ['o-3'], eta_at: '2026-03-02T18:00:00.000Z' },
    ]);
  });

  test('When a stop has no orders, Then its dealer is not told', () => {
    expect(departuresByDealer([{ dealer_id: 'D1', stop_number: 1, order_ids: [], eta_at: null }])).toEqual([]);
  });
});

describe('the departure notice', () => {
  const departure = {
    shipment_name: 'North <loop>',
    departed_at: '2026-03-02T14:05:00.000Z',
    driver: { email: 'dan@example.com', full_name: 'Dan & Co' },
  };

  test('When the route left, Then the dealer reads its order numbers and the ETA as a day and time in the system timezone', () => {
    const notice = departureNotice(
      departure,
      { dealer_id: 'D1', order_ids: ['ord-aaaa-5f1c2e9a', 'ord-bbbb-7b3d4c1f'], eta_at: '2026-03-02T19:40:00.000Z' },
      ZONE,
      URL,
    );
    expect(notice).toEqual({
      subject: 'Your delivery is on the road, expected Mar 2, 2026 at 1:40 PM CST',
      paragraphs: [
        'Route North <loop> left on Mar 2, 2026 at 8:05 AM CST with 2 of your orders, driven by Dan & Co.',
        'Expected arrival: Mar 2, 2026 at 1:40 PM CST.',
      ],
      list: ['Order 5F1C2E9A', 'Order 7B3D4C1F'],
      link: { label: 'Open your orders', url: URL },
    });
    // every text escaped in the HTML part
    const html = noticeMail(['pat@example.com'], notice).html ?? '';
    expect(html).toContain('North &lt;loop&gt;');
    expect(html).toContain('Dan &amp; Co');
    expect(html).not.toContain('<loop>');
  });

  test('When the ETA is not known and there is no driver, Then the notice says so, with the one order', () => {
    const notice = departureNotice(
      { ...departure, driver: null },
      { dealer_id: 'D1', order_ids: ['ord-aaaa-5f1c2e9a'], eta_at: null },
      ZONE,
      URL,
    );
    expect(notice.subject).toBe('Your delivery is on the road');
    expect(notice.paragraphs).toEqual([
      'Route North <loop> left on Mar 2, 2026 at 8:05 AM CST with your order 5F1C2E9A.',
      'The expected arrival time is not known yet.',
    ]);
  });
});
