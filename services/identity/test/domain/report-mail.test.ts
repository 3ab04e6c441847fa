import { dailyReportMail, performanceSummaryMail } from '../../src/domain/reports/report-mail';

describe('the report mails', () => {
  it('write the daily figures with money from integer cents, in text and in HTML', () => {
    const mail = dailyReportMail(
      ['owner@example.com'],
      'Nov 26, 2026',
      'America/Chicago',
      { orders_created: 3, revenue_cents: 120050, payments_recorded: 2, payments_cents: 5, pending_orders: 4 },
      { new_dealers: 1, applications: 2, pending_applications: 0 },
    );
    expect(mail.subject).toBe('Daily report for Nov 26, 2026');
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.text).toContain('Revenue: $1200.50\n');
    expect(mail.text).toContain('Payments recorded: 2 ($0.05)\n');
    expect(mail.html).toContain('<th align="left">Pending approvals now</th><td>0</td>');
  });

  it('name the best dealers and the tiers reached, escaped in HTML, and say how many more tiers there were', () => {
    const mail = performanceSummaryMail(
      ['owner@example.com'],
      'Nov 23 - Nov 29, 2026',
      [
        { dealer_id: 'D1', dealer_name: 'Oak & <Pine>', orders: 1, revenue_cents: 99 },
        { dealer_id: 'D2', dealer_name: null, orders: 2, revenue_cents: 50 },
      ],
      {
        total: 3,
        achievements: [
          {
            dealer_id: 'D1',
            dealer_name: 'Oak & <Pine>',
            program_name: 'Fall',
            tier_name: 'Gold',
            achieved_at: '2026-11-25T00:00:00Z',
          },
        ],
      },
    );
    expect(mail.subject).toBe('Weekly performance: Nov 23 - Nov 29, 2026');
    expect(mail.text).toContain('1. Oak & <Pine>: $0.99 from 1 order\n');
    expect(mail.text).toContain('2. dealer D2: $0.50 from 2 orders');
    expect(mail.text).toContain('- Oak & <Pine> reached Gold in Fall\n- and 2 more');
    expect(mail.html).toContain('Oak &amp; &lt;Pine&gt;');
    expect(mail.html).not.toContain('<Pine>');
  });

  it('say so when a week had no orders and no tiers', () => {
    const mail = performanceSummaryMail(['a@example.com'], 'Nov 23 - Nov 29, 2026', [], {
      total: 0,
      achievements: [],
    });
    expect(mail.text).toContain('No orders this week.');
    expect(mail.text).toContain('No incentive tiers were reached this week.');
  });
});
