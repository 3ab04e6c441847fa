import { randomUUID } from 'node:crypto';
import {
  type AchievementsReportAnswer,
  type DealerReportFigures,
  type OrderReportFigures,
  type ReportPeriod,
  reportEndpoints,
  type TopDealersAnswer,
} from '@portal/contracts';
import { type AuthUser, createTokenSigner, type ServiceClient, serviceClient } from '@portal/platform';
import type { IdentityConfig } from '../../config';

/** A report's figures come whole or not at all: a service that does not answer in time fails the tick. */
const FIGURES_TIMEOUT_MS = 15_000;
/** The scheduler's own token lives a minute: long enough for one round of calls, useless if it leaked. */
const REPORT_TOKEN_TTL_SECONDS = 60;

/**
 * Who the report scheduler is to the services it asks: an admin (the internal report endpoints are admin only,
 * checked by each service's router like any call), in a session of its own that no user can sign out.
 */
const SCHEDULER: Omit<AuthUser, 'sid'> = {
  sub: 'identity-report-scheduler',
  email: '',
  name: 'Report scheduler',
  role: 'admin',
  dealerId: null,
};

/** Where the report figures come from: the order, dealer and incentive services' internal endpoints. */
export interface ReportSources {
  dailyFigures(period: ReportPeriod): Promise<{ orders: OrderReportFigures; dealers: DealerReportFigures }>;
  weeklyFigures(
    period: ReportPeriod,
  ): Promise<{ top: TopDealersAnswer['dealers']; achievements: AchievementsReportAnswer }>;
}

/**
 * The report sources of one running identity, or null when ORDER_URL, DEALER_URL or INCENTIVE_URL is not
 * configured (the reports are then not sent; the scheduler says so once).
 */
export function reportSources(config: IdentityConfig): ReportSources | null {
  if (!config.ORDER_URL || !config.DEALER_URL || !config.INCENTIVE_URL) return null;
  const signer = createTokenSigner({
    privateKey: config.JWT_PRIVATE_KEY,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    ttlSeconds: REPORT_TOKEN_TTL_SECONDS,
  });
  const order: ServiceClient = serviceClient(config.ORDER_URL);
  const dealer: ServiceClient = serviceClient(config.DEALER_URL);
  const incentive: ServiceClient = serviceClient(config.INCENTIVE_URL);
  const call = (period: ReportPeriod) => ({
    body: period,
    authorization: `Bearer ${signer.sign({ ...SCHEDULER, sid: randomUUID() }).token}`,
    timeoutMs: FIGURES_TIMEOUT_MS,
  });
  return {
    async dailyFigures(period) {
      const [orders, dealers] = await Promise.all([
        order.call(reportEndpoints['internal.orderReport'], call(period)),
        dealer.call(reportEndpoints['internal.dealerReport'], call(period)),
      ]);
      return { orders, dealers };
    },
    async weeklyFigures(period) {
      const [top, achievements] = await Promise.all([
        order.call(reportEndpoints['internal.topDealers'], call(period)),
        incentive.call(reportEndpoints['internal.achievementsReport'], call(period)),
      ]);
      return { top: top.dealers, achievements };
    },
  };
}
