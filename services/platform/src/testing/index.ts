/**
 * `@portal/platform/testing`: what every service's tests start from. Nothing here fakes a server: tests run
 * against the real PostgreSQL and RabbitMQ (see test-database.ts) and services started on port 0.
 */

export * from './audit-entries';
export * from './dealer-lifecycles';
export * from './list-pages';
export * from './query-plans';
export * from './test-database';
export * from './test-events';
export * from './test-other-services';
export * from './test-service';
