import { CompanySettings, endpoints, SEND_MAIL_PATH, SendMailAnswer, type SendMailRequest } from '@portal/contracts';
import type { OrderContext } from '../context';
import type { InvoiceCompany } from '../domain/invoice-document';

/** How long the company details are reused before identity is asked again (they change rarely). */
const COMPANY_TTL_MS = 10_000;
/** After identity could not be reached, how long the placeholders are used before it is tried again. */
const COMPANY_RETRY_MS = 2_000;
const COMPANY_TIMEOUT_MS = 2_000;
/** Bounds the whole send: identity's SMTP waits are 10 s to connect and greet, 30 s of socket inactivity. */
const SEND_MAIL_TIMEOUT_MS = 45_000;

const companyCache = new WeakMap<OrderContext, { until: number; company: Promise<InvoiceCompany | null> }>();

/**
 * The company details invoices show, from identity's public company settings, kept for a few seconds; null
 * (the invoice shows placeholders) when identity cannot be reached or answers something else.
 */
export function companyForInvoice(ctx: OrderContext): Promise<InvoiceCompany | null> {
  const cached = companyCache.get(ctx);
  if (cached && cached.until > Date.now()) return cached.company;
  const company = fetchCompany(ctx);
  const entry = { until: Date.now() + COMPANY_TTL_MS, company };
  companyCache.set(ctx, entry);
  void company.then((found) => {
    if (!found) entry.until = Date.now() + COMPANY_RETRY_MS;
  });
  return company;
}

async function fetchCompany(ctx: OrderContext): Promise<InvoiceCompany | null> {
  try {
    const res = await fetch(new URL(endpoints['public.companySettings'].path, ctx.config.IDENTITY_URL), {
      signal: AbortSignal.timeout(COMPANY_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`identity answered ${res.status}`);
    const body = (await res.json()) as { settings?: unknown };
    return CompanySettings.parse(body.settings);
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message }, 'company settings unavailable: the invoice shows placeholders');
    return null;
  }
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
  let res: Response;
  try {
    res = await fetch(new URL(SEND_MAIL_PATH, ctx.config.IDENTITY_URL), {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(mail),
      signal: AbortSignal.timeout(SEND_MAIL_TIMEOUT_MS),
    });
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message }, 'identity did not answer the mail request');
    return { sent: false, status: 502, reason: 'the mail service is unavailable. Please try again.' };
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (res.ok) {
    const answer = SendMailAnswer.safeParse(body);
    if (answer.success) return { sent: true, messageId: answer.data.message_id };
  }
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  ctx.logger.warn({ status: res.status, detail }, 'identity did not send the mail');
  return {
    sent: false,
    // identity's refusal of the caller (401/403) or of the request (400/413) stays a 4xx; anything else is a 502
    status: res.status >= 400 && res.status < 500 ? res.status : 502,
    reason: typeof detail === 'string' && detail ? detail : `the mail service answered ${res.status}`,
  };
}
