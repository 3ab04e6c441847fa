export { startTelemetry } from './sdk';
