import type { endpoints } from '@portal/contracts';
import type { ConsumerContext, Handler, ServiceContext } from '@portal/platform';
import type { GeocodingConfig } from './config';

export type GeocodingContext = ServiceContext<GeocodingConfig>;
export type GeocodingConsumerContext = ConsumerContext<GeocodingConfig>;

/** The handler of one contract endpoint, by its id. */
export type GeocodingHandler<K extends keyof typeof endpoints> = Handler<(typeof endpoints)[K], GeocodingContext>;
