import type { EventTransport } from './transport';

/** What a publish fails with once the gate is closed: the outbox keeps the row for the next start. */
export const PUBLISHING_STOPPED = 'event publishing has stopped: the services are stopping';

export interface PublishGate {
  /** the transport to give the services: subscribing passes straight through, publishing waits for the gate */
  transport: EventTransport;
  /** every service has subscribed: held publishes go out, later ones go straight through */
  open(): void;
  /** the services are stopping (or never all started): held and later publishes fail */
  close(): void;
}

/**
 * A transport for a process that starts several services one after another (the one-machine portal). An
 * outbox relay starts with its service and may at once send rows left unsent by a crash or an outage; on
 * the in-process bus such an event would reach only the services already subscribed, and while the
 * services stop, one already stopped. Until `open()`, a publish waits; after `close()`, it fails, so the
 * relay keeps the row unsent and sends it on the next start.
 */
export function gatePublishing(transport: EventTransport): PublishGate {
  let state: 'held' | 'open' | 'closed' = 'held';
  let release: () => void = () => undefined;
  let refuse: (err: Error) => void = () => undefined;
  const opened = new Promise<void>((resolve, reject) => {
    release = resolve;
    refuse = reject;
  });
  opened.catch(() => undefined); // closed before anything waited: not an unhandled rejection
  const queueStats = transport.queueStats?.bind(transport);
  return {
    transport: {
      async publish(envelope, headers) {
        if (state === 'held') await opened;
        if (state === 'closed') throw new Error(PUBLISHING_STOPPED);
        return transport.publish(envelope, headers);
      },
      subscribe: (service, types, handler, options) => transport.subscribe(service, types, handler, options),
      close: () => transport.close(),
      ...(queueStats ? { queueStats } : {}),
    },
    open() {
      if (state !== 'held') return;
      state = 'open';
      release();
    },
    close() {
      if (state === 'closed') return;
      state = 'closed';
      refuse(new Error(PUBLISHING_STOPPED));
    },
  };
}
