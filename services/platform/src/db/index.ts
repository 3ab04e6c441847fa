export * from './data-source';
export * from './provision';
export * from './read-models';
export * from './search';
export * from './unavailable';
export * from './unique-violation';
export * from './keyset';
