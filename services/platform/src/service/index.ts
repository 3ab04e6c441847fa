export { buildApp } from './app';
export {
  type BatchConsumer,
  type BatchConsumersOf,
  type Consumer,
  type ConsumerContext,
  type ConsumersOf,
  checkDefinition,
  consumedEventTypes,
  defineService,
  type Emit,
  INTERNAL_PATH_PREFIX,
  type InternalRoute,
  internalRoute,
  type RunningService,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceDeps,
} from './definition';
export { isMigrateOnly, migrateService, runMain } from './migrate';
export { startService } from './start';
export {
  httpSystemErrorSink,
  OUTBOX_STUCK_AFTER_MS,
  oldestUnsentAgeMs,
  SYSTEM_ERROR_REPORT_INTERVAL_MS,
  type SystemErrorReporter,
  type SystemErrorSink,
  systemErrorReporter,
  watchOutbox,
} from './system-errors';
