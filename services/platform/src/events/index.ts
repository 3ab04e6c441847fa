export { type AmqpTransportOptions, createAmqpTransport } from './amqp-transport';
export { type DeadLetter, type DeadLetterOptions, listDeadLetters, replayDeadLetter } from './dead-letters';
export { PoisonMessageError, UnroutableEventError } from './delivery-policy';
export { type EventItem, enqueueEvent, enqueueEvents } from './enqueue-event';
export { type CleanupResult, cleanUpEventTables, type EventRetention } from './event-housekeeping';
export { EventTablesMigrations } from './event-tables.migration';
export { crashAfterCommitSeam } from './fault-seams';
export { createInProcessTransport, type InProcessTransport } from './in-process-transport';
export {
  type OutboxHousekeepingOptions,
  OutboxRelay,
  type OutboxRelayOptions,
  outboxRelaySettings,
} from './outbox-relay';
export { gatePublishing, PUBLISHING_STOPPED, type PublishGate } from './publish-gate';
export {
  type AfterCommit,
  type BatchEventHandler,
  type ConsumersOptions,
  type EventHandler,
  startConsumers,
} from './start-consumers';
export type { Delivery, DeliveryHandler, EventTransport, QueueStats, SubscribeOptions } from './transport';
