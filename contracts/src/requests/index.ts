export * from './catalog';
export * from './dealer';
export * from './geocoding';
export * from './identity';
export * from './incentive';
export * from './media';
export * from './order';
export * from './shipping';
