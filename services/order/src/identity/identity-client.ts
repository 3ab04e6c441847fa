import { endpoints, internalEndpoints, type SendMailRequest } from '@portal/contracts';
import {
  type BaseConfig,
  ServiceCallError,
  type ServiceClient,
  type ServiceContext,
  serviceClient,
} from '@portal/platform';
import type { OrderContext } from '../context';
import type { InvoiceCompany } from '../domain/invoice-document';

/** How long the company details are reused before identity is asked again (they change rarely). */
const COMPANY_TTL_MS = 10_000;
/** After identity could not be reached, how long the placeholders are used before it is tried again. */
const COMPANY_RETRY_MS = 2_000;
const COMPANY_TIMEOUT_MS = 2_000;
/** Bounds the whole send: identity's SMTP waits are 10 s to connect and greet, 30 s of socket inactivity. */
const SEND_MAIL_TIMEOUT_MS = 45_000;

/** What order asks of identity: the company details invoices show, and mail sent on an admin's behalf. */
export interface IdentityForOrder {
  client: ServiceClient;
  /**
   * The company details invoices show, from identity's public company settings, kept for a few seconds; null
   * (the invoice shows placeholders) when identity cannot be reached or answers something else.
   */
  invoiceCompany(): Promise<InvoiceCompany | null>;
}

/** Identity's client for one running order service, with its own short cache of the company details. */
export function identityForOrder(ctx: ServiceContext<BaseConfig>): IdentityForOrder {
  const client = serviceClient(ctx.config.IDENTITY_URL as string);
  let cached: { until: number; company: Promise<InvoiceCompany | null> } | undefined;
  const fetchCompany = async (): Promise<InvoiceCompany | null> => {
    try {
      const answer = await client.call(endpoints['public.companySettings'], { timeoutMs: COMPANY_TIMEOUT_MS });
      return answer.settings;
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'company settings unavailable: the invoice shows placeholders');
      return null;
    }
  };
  return {
    client,
    invoiceCompany() {
      if (cached && cached.until > Date.now()) return cached.company;
      const entry = { until: Date.now() + COMPANY_TTL_MS, company: fetchCompany() };
      cached = entry;
      void entry.company.then((found) => {
        if (!found) entry.until = Date.now() + COMPANY_RETRY_MS;
      });
      return entry.company;
    },
  };
}

export type SendMailOutcome = { sent: true; messageId: string } | { sent: false; status: number; reason: string };

/**
 * Asks identity, the product's one mail sender, to send `mail` (POST /internal/send-mail) with the admin's own
 * Authorization header. Identity's refusal or failure comes back with its reason; no answer is a failure too.
 */
export async function sendMailThroughIdentity(
  ctx: OrderContext,
  authorization: string,
  mail: SendMailRequest,
): Promise<SendMailOutcome> {
  try {
    const answer = await ctx.deps.identity.client.call(internalEndpoints['internal.sendMail'], {
      body: mail,
      authorization,
      timeoutMs: SEND_MAIL_TIMEOUT_MS,
    });
    return { sent: true, messageId: answer.message_id };
  } catch (err) {
    if (!(err instanceof ServiceCallError)) throw err;
    if (err.remoteStatus === undefined) {
      ctx.logger.warn({ err: err.message }, 'identity did not answer the mail request');
      return { sent: false, status: 502, reason: 'the mail service is unavailable. Please try again.' };
    }
    ctx.logger.warn({ status: err.remoteStatus, detail: err.remoteDetail }, 'identity did not send the mail');
    // identity's refusal of the caller (401/403) or of the request (400/413) stays a 4xx; anything else is a 502
    return {
      sent: false,
      status: err.status,
      reason: err.remoteDetail ?? `the mail service answered ${err.remoteStatus}`,
    };
  }
}
