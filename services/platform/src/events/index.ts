export { type AmqpTransportOptions, createAmqpTransport } from './amqp-transport';
export { PoisonMessageError, UnroutableEventError } from './delivery-policy';
export { enqueueEvent } from './enqueue-event';
export { EventTablesMigration } from './event-tables.migration';
export { createInProcessTransport, type InProcessTransport } from './in-process-transport';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { type ConsumersOptions, type EventHandler, startConsumers } from './start-consumers';
export type { Delivery, DeliveryHandler, EventTransport, SubscribeOptions } from './transport';
