// Loaded with `node --require @portal/platform/register` before anything else, so OpenTelemetry can
// instrument http, express, pg and amqplib as they are first required.
require('./dist/telemetry/register');
