import type { SystemErrorKind, SystemErrorReport } from '@portal/contracts';
import type { Notice } from './notice-mail';

/**
 * notify_system_errors: at most one mail per kind per hour. The claim key is the kind and the UTC hour the
 * report arrived in (2026-11-27T01), so every replica and every repeat within that hour finds it claimed.
 */
export const systemErrorKey = (kind: SystemErrorKind, at: Date) => `${kind}:${at.toISOString().slice(0, 13)}`;

const WHAT: Record<SystemErrorKind, string> = {
  dead_letter: 'An event could not be processed and was parked in the dead letters',
  stuck_outbox: 'Events are not being published: the outbox has been stuck for more than 5 minutes',
  mail_failing: 'Email keeps failing to send',
};

export function systemErrorNotice(report: SystemErrorReport, shownAt: string): Notice {
  return {
    subject: `System error: ${WHAT[report.kind]}`,
    paragraphs: [
      `${WHAT[report.kind]} (service ${report.service}, ${shownAt}).`,
      report.detail,
      'Further errors of this kind within the hour are not mailed; see the service logs and the runbook.',
    ],
  };
}
