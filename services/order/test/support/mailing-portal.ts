/**
 * The order service with identity (the product's one mail sender) sending through a real SMTP receiver, the
 * company details saved: what the invoice and statement tests share. Real PostgreSQL, both services as in
 * production.
 */
import { randomUUID } from 'node:crypto';
import { DealerCreated, type DealerSnapshot } from '@portal/contracts';
import { identityService } from '@portal/identity';
import { bearer, dealerSnapshot, deliverEvent, startTestServices, type TestServices } from '@portal/platform/testing';
import { type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { orderService } from '../../src/app';

export const COMPANY = {
  company_name: 'Ridge Line Blinds',
  email: 'sales@ridgeline.example',
  phone: '555-0199',
  address: '1 Factory Way',
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
};

export interface MailingPortal {
  smtp: SmtpReceiver;
  portal: TestServices;
  /** an admin's Authorization header */
  admin: Record<string, string>;
  /** a dealer known to the order service (as dealer.created tells it), with an email and an address */
  newDealer(fields?: Partial<DealerSnapshot>): Promise<string>;
  stop(): Promise<void>;
}

/** Starts both services on a database named after `prefix`; recipients starting "refused" are refused by SMTP. */
export async function startMailingPortal(prefix: string): Promise<MailingPortal> {
  const smtp = await startSmtpReceiver(undefined, { refuseRecipient: (address) => address.startsWith('refused') });
  const portal = await startTestServices([identityService, orderService], {
    prefix,
    envOf: {
      identity: {
        ADMIN_EMAIL: 'owner@example.com',
        ADMIN_PASSWORD: 'correct horse battery',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: 'false',
        MAIL_FROM: 'Ridge Line Blinds <orders@ridgeline.example>',
      },
    },
  });
  const admin = bearer(portal.tokenFor({ role: 'admin' }));
  const saved = await portal.http('identity').put('/api/admin/company-settings').set(admin).send(COMPANY);
  if (saved.status !== 200) throw new Error(`company settings answered ${saved.status}`);

  async function newDealer(fields: Partial<DealerSnapshot> = {}): Promise<string> {
    const dealerId = `D${randomUUID().slice(0, 8).toUpperCase()}`;
    await deliverEvent(
      portal.transport,
      portal.service('order'),
      DealerCreated,
      dealerId,
      dealerSnapshot({
        dealer_id: dealerId,
        email: `${dealerId.toLowerCase()}@example.com`,
        business_name: 'Timber Blinds',
        full_name: 'Pat Dealer',
        phone: '555-0100',
        address: '12 Oak Rd',
        city: 'Waco',
        state: 'TX',
        zip_code: '76701',
        ...fields,
      }),
    );
    return dealerId;
  }

  return {
    smtp,
    portal,
    admin,
    newDealer,
    async stop() {
      await portal.stop();
      await smtp.stop();
    },
  };
}

/** Supertest's parser for a binary answer (a PDF): the body as bytes. */
export function bytesOf(
  response: { on(event: string, listener: (chunk: Buffer) => void): unknown },
  done: (err: Error | null, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}
