import type { EventEnvelope } from '@portal/contracts';

/**
 * Test-only fault seam for the fault suite (deploy/faults): with NODE_ENV=test and
 * PORTAL_TEST_CRASH_AFTER_COMMIT=<event type>, the consumer process kills itself (SIGKILL) right after the
 * transaction that applied the first event of that type committed, before the message is acknowledged: the
 * crash the inbox (processed_events) exists for. Any other NODE_ENV with the variable set refuses to start.
 */
export function crashAfterCommitSeam(env: NodeJS.ProcessEnv): ((envelope: EventEnvelope) => void) | undefined {
  const type = env.PORTAL_TEST_CRASH_AFTER_COMMIT;
  if (!type) return undefined;
  if (env.NODE_ENV !== 'test')
    throw new Error('PORTAL_TEST_CRASH_AFTER_COMMIT is a test seam: it is only read with NODE_ENV=test');
  return (envelope) => {
    if (envelope.type === type) process.kill(process.pid, 'SIGKILL');
  };
}
