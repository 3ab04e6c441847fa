import type { endpoints } from '@portal/contracts';
import type { ConsumerContext, Handler, ServiceContext } from '@portal/platform';
import type { GeocodingConfig } from './config';
import type { GeocodingRuntime } from './runtime';

export type GeocodingContext = ServiceContext<GeocodingConfig, GeocodingRuntime>;
export type GeocodingConsumerContext = ConsumerContext<GeocodingConfig, GeocodingRuntime>;

/** The handler of one contract endpoint, by its id. */
export type GeocodingHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], GeocodingContext>;
