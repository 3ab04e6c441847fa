import type { PerformanceMetric } from '@portal/contracts';

/** The mail a dealer gets when it reaches a tier that notifies it. Pure text; identity sends it. */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const COUNT = new Intl.NumberFormat('en-US');

/** A value as performance views show it: US dollars without decimals for revenue, a count otherwise. */
export function formatMetricValue(metric: PerformanceMetric, value: number): string {
  switch (metric) {
    case 'revenue':
      return USD.format(value);
    case 'orders':
      return `${COUNT.format(value)} ${value === 1 ? 'order' : 'orders'}`;
    case 'items':
      return `${COUNT.format(value)} ${value === 1 ? 'item' : 'items'} sold`;
  }
}

export interface AchievementMailFacts {
  dealerName: string;
  programName: string;
  tierName: string;
  metric: PerformanceMetric;
  thresholdValue: number;
  valueAchieved: number;
  reward: string;
  startDate: string;
  endDate: string;
}

export function achievementMail(facts: AchievementMailFacts): { subject: string; text: string } {
  const subject = `You reached ${facts.tierName} of ${facts.programName}`;
  const lines = [
    `Hello ${facts.dealerName},`,
    '',
    `Congratulations! Your ${metricWord(facts.metric)} from ${facts.startDate} to ${facts.endDate} reached ` +
      `${formatMetricValue(facts.metric, facts.valueAchieved)}, which meets ${facts.tierName} ` +
      `(${formatMetricValue(facts.metric, facts.thresholdValue)}) of the ${facts.programName} program.`,
  ];
  if (facts.reward) lines.push('', `Your reward: ${facts.reward}`);
  lines.push('', 'Thank you for your business.');
  return { subject, text: lines.join('\n') };
}

function metricWord(metric: PerformanceMetric): string {
  switch (metric) {
    case 'revenue':
      return 'revenue';
    case 'orders':
      return 'orders';
    case 'items':
      return 'items sold';
  }
}
