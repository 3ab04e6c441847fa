import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type EventDef,
  type NotificationSettings,
  type ServiceName,
  type SystemConfiguration,
} from '@portal/contracts';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import { deliverEvent, eventsSettled } from '@portal/platform/testing';
import {
  mailParts,
  parseMail,
  type ReceivedMail,
  type SmtpReceiver,
  type SmtpReceiverOptions,
  startSmtpReceiver,
} from '@portal/platform/testing/smtp-receiver';
import type { z } from 'zod';
import { readEmailSettings, readSystemConfiguration } from '../../src/data/settings';
import { writeSettings } from '../../src/data/settings-store';
import { startIdentity, type TestIdentity, testMailEnv } from './identity';

export const NOTIFICATION_EMAIL = 'ops@example.com';

/** Identity with a real SMTP receiver and an in-process bus, and what the notification tests do with them. */
export interface NotificationsHarness {
  identity: TestIdentity;
  transport: InProcessTransport;
  smtp: SmtpReceiver;
  /** the test clock identity goes by (deps.clock): set `clock.now` to move it */
  clock: { now: Date };
  /** saves the notification settings: the defaults, the notification email, then `changes` */
  notifications(changes?: Partial<NotificationSettings>): Promise<void>;
  /** turns the Email Settings' notifications_enabled on or off */
  emailNotifications(enabled: boolean): Promise<void>;
  systemConfiguration(changes: Partial<SystemConfiguration>): Promise<void>;
  /** publishes an event as its producer would and waits until identity applied it; answers the event id */
  deliver<D extends EventDef>(
    def: D,
    aggregateId: string,
    payload: z.input<D['payload']>,
    opts?: { id?: string; occurredAt?: string; producer?: ServiceName },
  ): Promise<string>;
  /** waits until nothing more is on its way to identity (before showing that a mail did NOT come) */
  settled(): Promise<void>;
  /** the mails received whose subject contains `text` */
  mailsWith(text: string): ReceivedMail[];
  stop(): Promise<void>;
}

export const subjectOf = (mail: ReceivedMail | undefined) => parseMail(mail?.raw ?? '').headers.get('subject') ?? '';
/** the text part of a mail, decoded */
export const textOf = (mail: ReceivedMail | undefined) =>
  mailParts(mail?.raw ?? '')
    .find((part) => part.contentType === 'text/plain')
    ?.content.toString('utf8') ?? '';
export const htmlOf = (mail: ReceivedMail | undefined) =>
  mailParts(mail?.raw ?? '')
    .find((part) => part.contentType === 'text/html')
    ?.content.toString('utf8') ?? '';

export async function startNotifications(
  prefix: string,
  smtpOptions: SmtpReceiverOptions = {},
): Promise<NotificationsHarness> {
  const smtp = await startSmtpReceiver(undefined, smtpOptions);
  const logger = createLogger('test', 'silent');
  const transport = createInProcessTransport({ logger });
  const clock = { now: new Date() };
  const identity = await startIdentity(
    prefix,
    {
      ...testMailEnv(smtp),
    },
    { transport, logger },
    { clock: () => clock.now },
  );
  const manager = () => identity.service.ctx.db.manager;
  return {
    identity,
    transport,
    smtp,
    clock,
    async notifications(changes = {}) {
      await writeSettings(
        manager(),
        'notifications',
        { ...DEFAULT_NOTIFICATION_SETTINGS, notification_email: NOTIFICATION_EMAIL, ...changes },
        'test',
      );
    },
    async emailNotifications(enabled) {
      const current = await readEmailSettings(manager());
      await writeSettings(manager(), 'email', { ...current, notifications_enabled: enabled }, 'test');
    },
    async systemConfiguration(changes) {
      const current = await readSystemConfiguration(manager());
      await writeSettings(manager(), 'system', { ...current, ...changes }, 'test');
    },
    deliver: (def, aggregateId, payload, opts = {}) =>
      deliverEvent(transport, identity.service, def, aggregateId, payload, { producer: 'order', ...opts }),
    settled: () => eventsSettled(transport, [identity.service]),
    mailsWith: (text) => smtp.received.filter((mail) => subjectOf(mail).includes(text)),
    async stop() {
      await identity.stop();
      await transport.close();
      await smtp.stop();
    },
  };
}

export const newId = () => randomUUID();
