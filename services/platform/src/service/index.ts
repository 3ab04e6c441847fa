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
