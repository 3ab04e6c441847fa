import {
  type AchievementsReportAnswer,
  type DealerReportFigures,
  formatCents,
  type OrderReportFigures,
  type TopDealersAnswer,
} from '@portal/contracts';
import { escapeHtml, type MailMessage } from '@portal/platform';

const money = (cents: number) => `$${formatCents(cents)}`;

/** Rows of label and value, as plain text lines and as an escaped HTML table. */
function figureTable(rows: readonly [string, string][]): { text: string; html: string } {
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: `<table>${rows
      .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
      .join('')}</table>`,
  };
}

/**
 * The daily report (001 §3 notify_daily_reports): the reported day's orders, revenue, payments, new dealers and
 * applications, and what waits now (pending orders and approvals). `label` names the day (`Nov 26, 2026`).
 */
export function dailyReportMail(
  to: readonly string[],
  label: string,
  timeZone: string,
  orders: OrderReportFigures,
  dealers: DealerReportFigures,
): MailMessage {
  const table = figureTable([
    ['Orders', String(orders.orders_created)],
    ['Revenue', money(orders.revenue_cents)],
    ['Payments recorded', `${orders.payments_recorded} (${money(orders.payments_cents)})`],
    ['New dealers', String(dealers.new_dealers)],
    ['New dealer applications', String(dealers.applications)],
    ['Pending orders now', String(orders.pending_orders)],
    ['Pending approvals now', String(dealers.pending_applications)],
  ]);
  const intro = `The portal's figures for ${label} (${timeZone}). Revenue counts the orders of the day that are not cancelled.`;
  return {
    to: [...to],
    subject: `Daily report for ${label}`,
    text: `${intro}\n\n${table.text}\n`,
    html: `<p>${escapeHtml(intro)}</p>\n${table.html}`,
  };
}

/**
 * The weekly performance summary (001 §3 notify_performance_updates): the week's best dealers by revenue and
 * the incentive tiers reached. `label` names the week (`Nov 16 – Nov 22, 2026`).
 */
export function performanceSummaryMail(
  to: readonly string[],
  label: string,
  top: TopDealersAnswer['dealers'],
  achievements: AchievementsReportAnswer,
): MailMessage {
  const dealerName = (id: string, name: string | null) => name?.trim() || `dealer ${id}`;
  const best = top.map(
    (d, i) =>
      `${i + 1}. ${dealerName(d.dealer_id, d.dealer_name)}: ${money(d.revenue_cents)} from ${d.orders} order${d.orders === 1 ? '' : 's'}`,
  );
  const reached = achievements.achievements.map(
    (a) => `${dealerName(a.dealer_id, a.dealer_name)} reached ${a.tier_name} in ${a.program_name}`,
  );
  const more = achievements.total - achievements.achievements.length;
  if (more > 0) reached.push(`and ${more} more`);
  const section = (title: string, lines: string[], none: string) => ({
    text: `${title}\n${lines.length ? lines.map((line) => `- ${line}`).join('\n') : none}`,
    html: `<h3>${escapeHtml(title)}</h3>${
      lines.length
        ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
        : `<p>${escapeHtml(none)}</p>`
    }`,
  });
  const sections = [
    section('Best performers by revenue', best, 'No orders this week.'),
    section('Achievements', reached, 'No incentive tiers were reached this week.'),
  ];
  return {
    to: [...to],
    subject: `Weekly performance: ${label}`,
    text: `Performance for ${label}.\n\n${sections.map((s) => s.text).join('\n\n')}\n`,
    html: `<p>Performance for ${escapeHtml(label)}.</p>\n${sections.map((s) => s.html).join('\n')}`,
  };
}
