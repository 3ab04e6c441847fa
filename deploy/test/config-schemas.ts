import { SERVICES, type ServiceName } from '@portal/contracts';
import { BaseConfig, MailEnv, StorageEnv } from '@portal/platform';
import { z } from 'zod';
import { GatewayEnv } from '../../gateway/src/config';
import { allServices } from '../local/src/services';
import { readRepoFile } from './repo';

/**
 * What each process of the portal reads from its environment, taken from the zod schemas it validates at
 * start (so a variable added to a schema is checked against compose, Kubernetes and the docs at once).
 */
export type Component = ServiceName | 'gateway';
export const components: Component[] = [...SERVICES, 'gateway'];

/** Variables read outside the zod schemas: telemetry (services/platform/src/telemetry/sdk.ts), and Node/Express. */
const telemetryVariables = [
  ...new Set(
    [...readRepoFile('services/platform/src/telemetry/sdk.ts').matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map(
      ([, name]) => name as string,
    ),
  ),
];
const runtimeVariables = ['NODE_ENV'];

function objectSchema(schema: unknown, what: string): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new Error(`the configuration schema of ${what} is not a z.object`);
  return schema;
}

/** The schemas `component` validates at start: its own (BaseConfig when it has none), mail and storage. */
export function schemasOf(component: Component): z.ZodObject[] {
  if (component === 'gateway') return [GatewayEnv];
  const definition = allServices.find((d) => d.name === component);
  if (!definition) throw new Error(`no service definition for ${component}`);
  return [objectSchema(definition.config ?? BaseConfig, component), MailEnv, StorageEnv];
}

/** A schema key is required when an absent value fails it: no default and not optional. */
function isRequired(field: unknown): boolean {
  return !(field as z.ZodType).safeParse(undefined).success;
}

/** Every variable `component` reads, with whether its schema requires it. */
export function variablesOf(component: Component): Map<string, { required: boolean }> {
  const variables = new Map<string, { required: boolean }>();
  for (const schema of schemasOf(component))
    for (const [name, field] of Object.entries(schema.shape)) variables.set(name, { required: isRequired(field) });
  for (const name of [...telemetryVariables, ...runtimeVariables])
    if (!variables.has(name)) variables.set(name, { required: false });
  return variables;
}

/**
 * Optional in the schemas — the one-machine portal runs without them, or a service starts but a feature
 * fails — yet a service in a container of its own needs them. With the reason, shown when one is missing.
 */
export const neededInContainers: Record<'every service' | Component, Record<string, string>> = {
  'every service': {
    AMQP_URL: 'without it a service falls back to an in-process bus and never exchanges events with the others',
    S3_ENDPOINT: 'without it objects go to OBJECTS_DIR under /app, which is read-only in the containers',
    S3_ACCESS_KEY: 'required with S3_ENDPOINT',
    S3_SECRET_KEY: 'required with S3_ENDPOINT',
    SMTP_HOST: 'without it mail is written as files under /app, which is read-only in the containers',
  },
  identity: {
    ADMIN_EMAIL: 'identity refuses to start while no admin exists and these are unset',
    ADMIN_PASSWORD: 'identity refuses to start while no admin exists and these are unset',
    SETTINGS_ENCRYPTION_KEY: 'without it an admin cannot save the SMTP password (503)',
    SMTP_ALLOWED_HOSTS:
      'identity sends mail with the saved Email Settings: without it an admin cannot name the in-cluster mail host there',
    ORDER_URL: 'without it the daily report and the weekly performance summary are not sent',
    DEALER_URL: 'without it the daily report and the weekly performance summary are not sent',
    INCENTIVE_URL: 'without it the daily report and the weekly performance summary are not sent',
  },
  dealer: {
    IDENTITY_URL:
      'revoked sessions come from identity, and creating a dealer creates its login there; the service refuses to start without it',
  },
  order: {
    IDENTITY_URL: 'every service but identity reads revoked sessions from identity (and refuses to start without it)',
  },
  shipping: {
    IDENTITY_URL: 'every service but identity reads revoked sessions from identity (and refuses to start without it)',
  },
  catalog: {
    IDENTITY_URL: 'every service but identity reads revoked sessions from identity (and refuses to start without it)',
  },
  media: {
    IDENTITY_URL: 'every service but identity reads revoked sessions from identity (and refuses to start without it)',
  },
  geocoding: {
    IDENTITY_URL: 'every service but identity reads revoked sessions from identity (and refuses to start without it)',
  },
  incentive: {
    IDENTITY_URL: 'every service but identity reads revoked sessions from identity (and refuses to start without it)',
  },
  gateway: {
    WEB_DIST: 'without it the gateway serves the API only, not the web client',
  },
};

/** What `component` must be given in compose and Kubernetes: schema-required plus `neededInContainers`. */
export function requiredInContainers(component: Component): Map<string, string> {
  const required = new Map<string, string>();
  for (const [name, { required: byTheSchema }] of variablesOf(component))
    if (byTheSchema) required.set(name, 'required by its configuration schema (no default)');
  const extra = {
    ...(component === 'gateway' ? {} : neededInContainers['every service']),
    ...neededInContainers[component],
  };
  for (const [name, why] of Object.entries(extra)) {
    if (!variablesOf(component).has(name)) throw new Error(`${component} does not read ${name} (neededInContainers)`);
    required.set(name, why);
  }
  return required;
}

/**
 * Variables a deployment may set for a component that its code does not read (yet), on purpose.
 * Anything else set but not read is a typo or a leftover.
 */
export const readLater: Partial<Record<Component, Record<string, string>>> = {};
